import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import sharp from 'sharp';
import { defaultFfmpegPath } from '../ffmpeg-encoder';
import { makeTestPhoto } from '../local-test-support';

/** A detailed picture: the test photo with a checker of soft discs, so blocks have texture. */
export async function makeTexturedPicture(width: number, height: number): Promise<Buffer> {
  const discs: string[] = [];
  for (let y = 0; y < height; y += 40) {
    for (let x = 0; x < width; x += 40) {
      const hue = (x * 7 + y * 13) % 360;
      const r = 8 + ((x * 3 + y * 5) % 11);
      discs.push(`<circle cx="${x + 20}" cy="${y + 20}" r="${r}" fill="hsl(${hue},70%,50%)"/>`);
    }
  }
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${discs.join('')}</svg>`;
  return sharp(await makeTestPhoto(width, height))
    .composite([{ input: Buffer.from(overlay), blend: 'over' }])
    .png()
    .toBuffer();
}

export type TestClip = {
  width: number;
  height: number;
  seconds: number;
  fps: number;
  /** Pixels per second the camera pans right (the picture slides left). */
  panPerS?: number;
  /** Lay a 440 Hz tone under the clip. */
  tone?: boolean;
};

/** An H.264 MP4 of a wide textured picture filmed by a camera panning at a steady speed. */
export async function makeTestClip(clip: TestClip): Promise<Buffer> {
  const pan = clip.panPerS ?? 0;
  const wide = Math.ceil(clip.width + pan * clip.seconds + 8);
  const picture = await makeTexturedPicture(wide, clip.height);
  const dir = mkdtempSync(join(tmpdir(), 'lumen-test-clip-'));
  try {
    writeFileSync(join(dir, 'wide.png'), picture);
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-loop', '1', '-framerate', String(clip.fps)],
      ...['-i', join(dir, 'wide.png')],
      ...(clip.tone ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${clip.seconds}`] : []),
      ...['-vf', `crop=${clip.width}:${clip.height}:'${pan}*t':0,format=yuv420p`],
      ...['-t', String(clip.seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '18'],
      ...(clip.tone ? ['-c:a', 'aac', '-shortest'] : []),
      ...['-y', join(dir, 'clip.mp4')],
    ];
    const run = spawnSync(defaultFfmpegPath(), args);
    if (run.status !== 0) throw new Error(`ffmpeg could not make a clip: ${run.stderr.toString()}`);
    return readFileSync(join(dir, 'clip.mp4'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What ffprobe says of a clip's first video stream (colour tags, pixel format, frame rate). */
export function probeStreamFields(video: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-tags-'));
  try {
    writeFileSync(join(dir, 'clip.mp4'), video);
    const run = spawnSync(ffprobeInstaller.path, [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_streams', '-of', 'json'],
      join(dir, 'clip.mp4'),
    ]);
    const parsed = JSON.parse(run.stdout.toString()) as {
      streams: Array<Record<string, string | number>>;
    };
    return Object.fromEntries(
      Object.entries(parsed.streams[0] ?? {}).map(([key, value]) => [key, String(value)]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes every frame of a clip at a small size, as RGB bytes, for measuring motion and cuts. */
export function decodeSmallFrames(video: Buffer, width: number, height: number): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-frames-'));
  try {
    writeFileSync(join(dir, 'clip.mp4'), video);
    const run = spawnSync(
      defaultFfmpegPath(),
      [
        ...['-v', 'error', '-i', join(dir, 'clip.mp4'), '-vf', `scale=${width}:${height}`],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      ],
      { maxBuffer: 1 << 30 },
    );
    const size = width * height * 3;
    const frames: Buffer[] = [];
    for (let at = 0; at + size <= run.stdout.length; at += size) {
      frames.push(run.stdout.subarray(at, at + size));
    }
    return frames;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean absolute difference per byte of two same-sized raw frames. */
export function frameDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Frame `index` of a clip, cropped to `box`, as grey bytes (large frames welcome). */
export function greyCrop(
  video: Buffer,
  index: number,
  box: { left: number; top: number; width: number; height: number },
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-crop-'));
  try {
    writeFileSync(join(dir, 'clip.mp4'), video);
    const filter = `select=eq(n\\,${index}),crop=${box.width}:${box.height}:${box.left}:${box.top},format=gray`;
    const run = spawnSync(
      defaultFfmpegPath(),
      [
        ...['-v', 'error', '-i', join(dir, 'clip.mp4'), '-vf', filter, '-frames:v', '1'],
        ...['-f', 'rawvideo', 'pipe:1'],
      ],
      { maxBuffer: 1 << 28 },
    );
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

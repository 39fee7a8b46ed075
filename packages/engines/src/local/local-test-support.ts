import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import type { EngineSettings } from '@lumen/contracts/generation';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import sharp from 'sharp';
import type { EngineIO } from '../engine';
import { defaultFfmpegPath } from './ffmpeg-encoder';

/** Settings as the gateway would hand them over: schema defaults plus the given fields. */
export function settingsFor(overrides: Partial<EngineSettings> = {}): EngineSettings {
  return engineSettingsSchema.parse({
    prompt: 'a quiet mountain lake at sunset',
    seed: 42,
    size: 256,
    ...overrides,
  });
}

/** Mean absolute difference per channel (0–255) between two same-sized images. */
export async function meanAbsDiff(a: Buffer, b: Buffer): Promise<number> {
  const meta = await sharp(a).metadata();
  const size = { width: meta.width, height: meta.height };
  const raw = (img: Buffer) =>
    sharp(img).resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs((ra[i] ?? 0) - (rb[i] ?? 0));
  return sum / ra.length;
}

/** A photo-like test picture: a warm sky over a dark green field with a red sun. */
export function makeTestPhoto(width: number, height: number, hue = 20): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue + 200},60%,45%)"/><stop offset="1" stop-color="hsl(${hue},80%,75%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.12}" fill="hsl(${hue},90%,55%)"/>
    <path d="M0 ${height * 0.65} Q ${width * 0.4} ${height * 0.5} ${width} ${height * 0.7} V ${height} H 0 Z" fill="hsl(${hue + 110},45%,22%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export type ProbedVideo = {
  codec: string;
  width: number;
  height: number;
  durationS: number;
  frames: number;
  pixFmt: string;
};

/** ffprobe's view of an MP4: what a player or the server's media checks would see. */
export function probeVideo(video: Buffer): ProbedVideo {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-probe-'));
  try {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, video);
    const run = spawnSync(ffprobeInstaller.path, [
      '-v',
      'error',
      '-show_streams',
      '-show_format',
      '-of',
      'json',
      file,
    ]);
    const parsed = JSON.parse(run.stdout.toString()) as {
      streams: Array<Record<string, string | number>>;
      format: { duration: string };
    };
    const stream = parsed.streams[0] ?? {};
    return {
      codec: String(stream.codec_name),
      width: Number(stream.width),
      height: Number(stream.height),
      durationS: Number(parsed.format.duration),
      frames: Number(stream.nb_frames),
      pixFmt: String(stream.pix_fmt),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decodes frame `index` of an MP4 to a PNG with ffmpeg. */
export function extractFrame(video: Buffer, index: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-frame-'));
  try {
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, video);
    const run = spawnSync(defaultFfmpegPath(), [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `select=eq(n\\,${index})`,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      'pipe:1',
    ]);
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An in-memory EngineIO: inputs by key, every progress call recorded, a stop switch. */
export function createFakeIo(inputs: Record<string, Buffer> = {}, stopAfter = Infinity) {
  const controller = new AbortController();
  const progress: number[] = [];
  const io: EngineIO = {
    readInput: async (key) => {
      const bytes = inputs[key];
      if (!bytes) throw new Error(`no input ${key}`);
      return bytes;
    },
    progress: async (percent) => {
      progress.push(percent);
      return progress.length <= stopAfter;
    },
    signal: controller.signal,
  };
  return { io, progress, controller };
}

/** A `seconds` long 440 Hz tone as MP3, the kind of voice track users upload. */
export function makeTestTone(seconds: number): Buffer {
  const run = spawnSync(defaultFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1'],
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg could not make a tone: ${run.stderr.toString()}`);
  return run.stdout;
}

/** Codec names of an MP4's streams by type, e.g. `{ video: 'h264', audio: 'aac' }`. */
export function probeStreams(media: Buffer): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-probe-'));
  try {
    const file = join(dir, 'media.mp4');
    writeFileSync(file, media);
    const run = spawnSync(ffprobeInstaller.path, [
      ...['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'json', file],
    ]);
    const parsed = JSON.parse(run.stdout.toString()) as {
      streams: { codec_type: string; codec_name: string }[];
    };
    return Object.fromEntries(parsed.streams.map((s) => [s.codec_type, s.codec_name]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type ProbedAudio = {
  codec: string;
  channels: number;
  sampleRate: number;
  durationS: number;
};

/** ffprobe's view of a file's first audio stream, or undefined when it has none. */
export function probeAudio(media: Buffer): ProbedAudio | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'lumen-probe-'));
  try {
    const file = join(dir, 'media.bin');
    writeFileSync(file, media);
    const run = spawnSync(ffprobeInstaller.path, [
      ...['-v', 'error', '-select_streams', 'a:0', '-show_streams', '-of', 'json', file],
    ]);
    const parsed = JSON.parse(run.stdout.toString()) as {
      streams: Array<Record<string, string | number>>;
    };
    const stream = parsed.streams[0];
    if (!stream) return undefined;
    return {
      codec: String(stream.codec_name),
      channels: Number(stream.channels),
      sampleRate: Number(stream.sample_rate),
      durationS: Number(stream.duration),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

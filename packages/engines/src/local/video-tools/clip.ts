import { spawn } from 'node:child_process';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import sharp from 'sharp';
import { EngineCancelledError, throwIfAborted } from '../cancellation';
import { EditInputError } from '../edit/edit-input-error';
import { encodeH264 } from '../ffmpeg-encoder';
import { runProgram, type Workspace } from './workspace';

/** What ffprobe says of an input clip, with the frame rate rounded to whole frames. */
export type ClipInfo = {
  width: number;
  height: number;
  fps: number;
  durationS: number;
  hasAudio: boolean;
  /** The swscale matrix (`bt709`, `bt601`) and range (`tv`, `pc`) its pixels are in. */
  matrix: 'bt709' | 'bt601';
  range: 'tv' | 'pc';
};

const unreadable = (cause?: unknown) =>
  new EditInputError('unreadable_video', 'The video is not a readable MP4, MOV or WebM clip', {
    cause,
  });

/** Frames per second from ffprobe's `30000/1001`, or undefined when it does not say. */
function parseRate(rate: unknown): number | undefined {
  if (typeof rate !== 'string') return undefined;
  const [num, den = '1'] = rate.split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * Probes the clip at `file`. Bytes that are no video, or a video without a picture, are the
 * caller's fault and throw EditInputError. The frame rate is rounded to whole frames and kept
 * at most 60, past which players drop frames anyway.
 */
export async function probeClip(file: string, signal?: AbortSignal): Promise<ClipInfo> {
  const run = await runProgram(
    ffprobeInstaller.path,
    ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
    signal,
  );
  let parsed: {
    streams?: Array<Record<string, unknown>>;
    format?: { duration?: string };
  };
  try {
    parsed = JSON.parse(run.stdout.toString() || '{}') as typeof parsed;
  } catch (error) {
    throw unreadable(error);
  }
  const streams = parsed.streams ?? [];
  const picture = streams.find((s) => s.codec_type === 'video');
  const width = Number(picture?.width);
  const height = Number(picture?.height);
  const durationS = Number(picture?.duration ?? parsed.format?.duration);
  if (run.code !== 0 || !picture || !width || !height || !(durationS > 0)) throw unreadable();
  const rate = parseRate(picture.avg_frame_rate) ?? parseRate(picture.r_frame_rate) ?? 24;
  const space = typeof picture.color_space === 'string' ? picture.color_space : '';
  // Untagged clips follow the players' convention: BT.709 from HD up, BT.601 below.
  const matrix =
    space === 'bt709' || (!/470|170m|601/.test(space) && height >= 720) ? 'bt709' : 'bt601';
  return {
    width,
    height,
    fps: Math.min(60, Math.max(1, Math.round(rate))),
    durationS,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    matrix,
    range: picture.color_range === 'pc' ? 'pc' : 'tv',
  };
}

/** Writes the input clip into the workspace and probes it. */
export async function openClip(space: Workspace, video: Buffer): Promise<ClipInfo> {
  if (video.length === 0) throw unreadable();
  await space.write('in.mp4', video);
  return probeClip(space.path('in.mp4'), space.options.signal);
}

export type FrameReadPlan = {
  clip: ClipInfo;
  width: number;
  height: number;
  fps: number;
  /** Seconds from the start to read; the whole clip when absent. */
  durationS?: number;
  /** Extra ffmpeg filters run after resampling, e.g. a style's grade. */
  filters?: string;
};

/** ffmpeg's filter that brings a clip's pixels to `width`×`height` RGBA at `fps`. */
export function toRgbaFilter(plan: FrameReadPlan): string {
  const { clip } = plan;
  const scale =
    `scale=${plan.width}:${plan.height}:flags=bicubic` +
    `:in_color_matrix=${clip.matrix}:in_range=${clip.range}`;
  return [`fps=${plan.fps}`, scale, 'format=rgba', plan.filters].filter(Boolean).join(',');
}

/**
 * Decodes the clip at `file` into RGBA frames (4 bytes a pixel), one at a time as the caller
 * asks for them: the pipe's back-pressure keeps only a few frames in memory whatever the
 * clip's length. Stopping early (break, an error) kills ffmpeg.
 */
export async function* readFrames(
  space: Workspace,
  file: string,
  plan: FrameReadPlan,
): AsyncGenerator<Buffer> {
  const { signal } = space.options;
  throwIfAborted(signal);
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-i', file],
    ...(plan.durationS ? ['-t', plan.durationS.toFixed(3)] : []),
    ...['-an', '-vf', toRgbaFilter(plan), '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
  ];
  const child = spawn(space.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  exited.catch(() => undefined);
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  const frameBytes = plan.width * plan.height * 4;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= frameBytes) {
        const all = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
        yield Buffer.from(all.subarray(0, frameBytes));
        const rest = all.subarray(frameBytes);
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
    }
    const code = await exited;
    throwIfAborted(signal);
    if (code !== 0) throw new Error(`ffmpeg could not decode the clip (${code}): ${stderr.trim()}`);
    finished = true;
  } finally {
    signal?.removeEventListener('abort', kill);
    if (!finished) {
      kill();
      await exited.catch(() => undefined);
    }
  }
  if (signal?.aborted) throw new EngineCancelledError();
}

export type EncodePlan = {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  /** Fills `out` (one frame of packed RGBA words, see frame-sampler) with frame `index`. */
  frame(index: number, out: Uint32Array): void | Promise<void>;
  /** The share of the tool's progress the encoding covers, as [from, to]. */
  progress?: [number, number];
};

/** Encodes frames as H.264 (yuv420p, BT.709 tags, +faststart) into the workspace's `name`. */
export async function encodeFrames(
  space: Workspace,
  name: string,
  plan: EncodePlan,
): Promise<void> {
  const { report, signal, tempDir } = space.options;
  const [from, to] = plan.progress ?? [0, 1];
  const video = await encodeH264({
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    frameCount: plan.frameCount,
    renderFrame: (index, out) => plan.frame(index, out),
    ffmpegPath: space.ffmpegPath,
    tempDir,
    signal,
    onProgress: report ? (f) => report(from + (to - from) * f) : undefined,
  });
  await space.write(name, video);
}

export type SoundPlan = {
  /** The picture-only MP4 in the workspace. */
  picture: string;
  /** The clip whose first sound track is laid under it (when it has one). */
  source: string;
  hasAudio: boolean;
  durationS: number;
  /** Audio filters for the source's sound before it is padded with silence to the end. */
  filters?: string;
};

/**
 * The final MP4: the picture copied as it is, under it the source's sound as AAC (filtered,
 * then padded with silence or cut to the picture's length), faststart for streaming.
 */
export async function finishClip(space: Workspace, plan: SoundPlan): Promise<Buffer> {
  if (!plan.hasAudio) {
    await space.ffmpeg([
      ...['-i', space.path(plan.picture), '-map', '0:v:0', '-c:v', 'copy'],
      ...['-map_metadata', '-1', '-movflags', '+faststart', '-y', space.path('final.mp4')],
    ]);
    return space.read('final.mp4');
  }
  const filters = [plan.filters, 'apad'].filter(Boolean).join(',');
  await space.ffmpeg([
    ...['-i', space.path(plan.picture), '-i', plan.source],
    ...['-map', '0:v:0', '-map', '1:a:0', '-c:v', 'copy'],
    ...['-af', filters, '-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
    ...['-t', plan.durationS.toFixed(3), '-map_metadata', '-1'],
    ...['-movflags', '+faststart', '-y', space.path('final.mp4')],
  ]);
  return space.read('final.mp4');
}

/** A frame's RGBA bytes as a PNG, for the poster. */
export function posterPng(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** The bytes of a frame of packed RGBA words. */
export const bytesOf = (frame: Uint32Array): Uint8Array =>
  new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);

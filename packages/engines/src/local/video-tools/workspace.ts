import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { throwIfAborted, type ProgressReporter } from '../cancellation';
import { defaultFfmpegPath } from '../ffmpeg-encoder';

/** What every video tool takes besides its input and its own settings. */
export type VideoToolOptions = {
  /** Progress 0–1; may reject (EngineCancelledError) to stop the work. */
  report?: ProgressReporter;
  /** Kills ffmpeg and stops between frames when it fires. */
  signal?: AbortSignal;
  ffmpegPath?: string;
  /** Where the temporary folders go (the system's temp folder when absent). */
  tempDir?: string;
};

/** What every video tool gives back: an H.264 MP4, its poster and what was done in words. */
export type VideoToolResult = {
  video: Buffer;
  /** A PNG of a representative frame, at the video's size. */
  poster: Buffer;
  width: number;
  height: number;
  durationS: number;
  description: string;
};

type Finished = { code: number | null; stdout: Buffer; stderr: string };

/**
 * Runs a program to its end without blocking the event loop, keeping its output; an aborted
 * signal kills it and rejects with EngineCancelledError.
 */
export async function runProgram(
  path: string,
  args: string[],
  signal?: AbortSignal,
): Promise<Finished> {
  throwIfAborted(signal);
  const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    throwIfAborted(signal);
    return { code, stdout: Buffer.concat(out), stderr };
  } finally {
    signal?.removeEventListener('abort', kill);
  }
}

/** A temporary folder holding the input clip and whatever ffmpeg writes next to it. */
export type Workspace = {
  path(name: string): string;
  /**
   * Runs ffmpeg with quiet logging; rejects with its last words when it fails. With
   * `progress`, ffmpeg's own progress lines are turned into the tool's progress: the output
   * time over `totalS`, mapped onto [from, to], about twice a second.
   */
  ffmpeg(args: string[], progress?: FfmpegProgress): Promise<void>;
  write(name: string, bytes: Buffer): Promise<void>;
  read(name: string): Promise<Buffer>;
  ffmpegPath: string;
  options: VideoToolOptions;
};

export type FfmpegProgress = { totalS: number; from: number; to: number };

/** Runs ffmpeg, reading `-progress` lines from its stdout and passing them to `report`. */
async function runFfmpeg(
  ffmpegPath: string,
  args: string[],
  options: VideoToolOptions,
  progress?: FfmpegProgress,
): Promise<void> {
  const { signal, report } = options;
  throwIfAborted(signal);
  const watch = progress && report ? ['-progress', 'pipe:1', '-nostats'] : [];
  const child = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', ...watch, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  // The reporter may refuse (a cancelled task): ffmpeg is stopped and the refusal rethrown.
  let refusal: unknown;
  let reporting: Promise<void> = Promise.resolve();
  let buffered = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (!progress || !report) return;
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_ms=(\d+)/.exec(line);
      if (!match) continue;
      const done = Math.min(1, Number(match[1]) / 1e6 / Math.max(0.001, progress.totalS));
      const fraction = progress.from + (progress.to - progress.from) * done;
      reporting = reporting
        .then(() => (refusal === undefined ? report(fraction) : undefined))
        .catch((error: unknown) => {
          refusal ??= error;
          kill();
        });
    }
  });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    await reporting;
    if (refusal !== undefined) throw refusal;
    throwIfAborted(signal);
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
  } finally {
    signal?.removeEventListener('abort', kill);
  }
}

/** Runs `work` in a fresh temporary folder, removed afterwards whatever happens. */
export async function inWorkspace<T>(
  options: VideoToolOptions,
  work: (space: Workspace) => Promise<T>,
): Promise<T> {
  throwIfAborted(options.signal);
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'lumen-video-tool-'));
  const ffmpegPath = options.ffmpegPath ?? defaultFfmpegPath();
  const path = (name: string) => join(dir, name);
  const space: Workspace = {
    path,
    ffmpegPath,
    options,
    write: (name, bytes) => writeFile(path(name), bytes),
    read: (name) => readFile(path(name)),
    ffmpeg: (args, progress) => runFfmpeg(ffmpegPath, args, options, progress),
  };
  try {
    return await work(space);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * ffmpeg's output flags shared by every tool: H.264 in yuv420p with BT.709 matrix and tags
 * (as the preview encoder writes them), x264's threads pinned so the same input gives the
 * same bytes, no metadata, and the index at the front so playback starts before the download
 * ends.
 */
export const h264OutputArgs = (): string[] => [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '2'],
  ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
  ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'],
  ...['-movflags', '+faststart'],
];

/** The filter that turns RGB or YUV frames into the BT.709 yuv420p the output carries. */
export const toOutputPixels = 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p';

/** A frame of an MP4 at `atS` seconds as a PNG. */
export async function grabPoster(space: Workspace, file: string, atS: number): Promise<Buffer> {
  await space.ffmpeg([
    ...['-ss', Math.max(0, atS).toFixed(3), '-i', space.path(file)],
    ...['-frames:v', '1', '-y', space.path('poster.png')],
  ]);
  return space.read('poster.png');
}

/** Even numbers only: yuv420p halves the colour planes. */
export const even = (n: number): number => Math.max(2, Math.round(n / 2) * 2);

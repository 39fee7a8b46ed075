import { execFile, spawn } from 'node:child_process';
import { mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { EngineCancelledError, throwIfAborted } from '../cancellation';
import { EditInputError } from '../edit/edit-input-error';
import { defaultFfmpegPath } from '../ffmpeg-encoder';
import { evenSize, type VideoToolOptions } from './tool-clip';

/** A clip's frames decoded once to RGB, read back one at a time. */
export type ClipFrames = {
  width: number;
  height: number;
  count: number;
  /** Fills `out` (width × height × 3 bytes) with frame `index`. */
  read(index: number, out: Uint8Array): Promise<void>;
  /** Removes the decoded frames; call it whatever happens. */
  close(): Promise<void>;
};

export type ClipDecodeOptions = { fps: number; maxSide: number; maxDurationS: number };

async function probeSize(file: string): Promise<{ width: number; height: number } | undefined> {
  try {
    const { stdout } = await promisify(execFile)(ffprobeInstaller.path, [
      ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json'],
      ...['-show_entries', 'stream=width,height', file],
    ]);
    const stream = (JSON.parse(stdout) as { streams?: { width?: number; height?: number }[] })
      .streams?.[0];
    return stream?.width && stream.height
      ? { width: stream.width, height: stream.height }
      : undefined;
  } catch {
    return undefined;
  }
}

function run(ffmpeg: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-1000)));
    const kill = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', kill, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      signal?.removeEventListener('abort', kill);
      if (signal?.aborted) reject(new EngineCancelledError());
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/**
 * Decodes a clip at `fps`, scaled to even sides within `maxSide`, into raw RGB on disk
 * rather than in memory: fifteen seconds of 720² frames are over half a gigabyte.
 */
export async function openClipFrames(
  video: Buffer,
  decode: ClipDecodeOptions,
  opts: VideoToolOptions = {},
): Promise<ClipFrames> {
  throwIfAborted(opts.signal);
  const dir = await mkdtemp(join(opts.tempDir ?? tmpdir(), 'lumen-clip-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const input = join(dir, 'in.mp4');
    const output = join(dir, 'frames.rgb');
    await writeFile(input, video);
    const source = await probeSize(input);
    if (!source) throw new EditInputError('unreadable_video', 'The clip has no readable picture');
    const { width, height } = evenSize(source.width, source.height, decode.maxSide);
    await run(
      opts.ffmpegPath ?? defaultFfmpegPath(),
      [
        ...['-i', input, '-t', String(decode.maxDurationS), '-an'],
        ...['-vf', `fps=${decode.fps},scale=${width}:${height}:flags=bicubic`],
        ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-y', output],
      ],
      opts.signal,
    ).catch((error: unknown) => {
      if (error instanceof EngineCancelledError) throw error;
      throw new EditInputError('unreadable_video', 'The clip does not decode', { cause: error });
    });
    const frameBytes = width * height * 3;
    const count = Math.floor((await stat(output)).size / frameBytes);
    if (count === 0) throw new EditInputError('unreadable_video', 'The clip has no frames');
    const handle = await open(output, 'r');
    return {
      width,
      height,
      count,
      read: async (index, out) => {
        await handle.read(out, 0, frameBytes, (((index % count) + count) % count) * frameBytes);
      },
      close: async () => {
        await handle.close();
        await remove();
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { EngineCancelledError, throwIfAborted, type ProgressReporter } from './cancellation';

export type H264Job = {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  /** Fills `out` (width×height packed RGBA words, see frame-sampler) with frame `index`. */
  renderFrame(index: number, out: Uint32Array): void | Promise<void>;
  ffmpegPath?: string;
  tempDir?: string;
  signal?: AbortSignal;
  onProgress?: ProgressReporter;
};

export const defaultFfmpegPath = (): string => ffmpegInstaller.path;

/**
 * Encoder flags. x264 output depends on its thread count, so it is pinned (2) rather than
 * left to the machine's core count; with bitexact muxing and no metadata, the same frames
 * give the same MP4 bytes. BT.709 matrix and tags, because players assume it for HD.
 */
function ffmpegArgs(job: H264Job, outPath: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${job.width}x${job.height}`],
    ...['-r', String(job.fps), '-i', 'pipe:0', '-frames:v', String(job.frameCount)],
    ...[
      '-vf',
      'scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+bitexact,format=yuv420p',
    ],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-threads', '2'],
    ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
    ...['-fflags', '+bitexact', '-flags:v', '+bitexact', '-map_metadata', '-1'],
    ...['-movflags', '+faststart', '-y', outPath],
  ];
}

function writeChunk(stream: Writable, chunk: Buffer): Promise<void> {
  const done = new Promise<void>((resolve, reject) =>
    stream.write(chunk, (err) => (err ? reject(err) : resolve())),
  );
  // Awaited later; the no-op handler only keeps an early EPIPE from counting as unhandled.
  done.catch(() => undefined);
  return done;
}

/**
 * Streams raw frames into ffmpeg and returns the MP4. Frames are rendered into two buffers
 * in turn, so rendering the next frame overlaps with ffmpeg encoding the last one. The
 * temp folder is removed whatever happens; cancellation kills ffmpeg at once.
 */
export async function encodeH264(job: H264Job): Promise<Buffer> {
  const dir = await mkdtemp(join(job.tempDir ?? tmpdir(), 'lumen-video-'));
  const outPath = join(dir, 'out.mp4');
  const child = spawn(job.ffmpegPath ?? defaultFfmpegPath(), ffmpegArgs(job, outPath), {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  exited.catch(() => undefined);
  const kill = () => child.kill('SIGKILL');
  job.signal?.addEventListener('abort', kill, { once: true });
  try {
    const frames = [
      new Uint32Array(job.width * job.height),
      new Uint32Array(job.width * job.height),
    ] as const;
    const inFlight: Array<Promise<void> | undefined> = [undefined, undefined];
    const progressEvery = Math.max(1, Math.round(job.frameCount / 20));
    for (let i = 0; i < job.frameCount; i++) {
      throwIfAborted(job.signal);
      const slot = i % 2;
      await inFlight[slot];
      const frame = slot === 0 ? frames[0] : frames[1];
      await job.renderFrame(i, frame);
      inFlight[slot] = writeChunk(
        child.stdin,
        Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength),
      );
      if (job.onProgress && (i + 1) % progressEvery === 0) {
        await job.onProgress((i + 1) / job.frameCount);
      }
    }
    await Promise.all(inFlight);
    child.stdin.end();
    const code = await exited;
    throwIfAborted(job.signal);
    if (code !== 0) throw new Error(`ffmpeg exited with ${code}`);
    return await readFile(outPath);
  } catch (err) {
    kill();
    await exited.catch(() => undefined);
    if (err instanceof EngineCancelledError || job.signal?.aborted)
      throw new EngineCancelledError();
    throw err instanceof Error && stderr
      ? new Error(`${err.message}: ${stderr.trim()}`, { cause: err })
      : err;
  } finally {
    job.signal?.removeEventListener('abort', kill);
    await rm(dir, { recursive: true, force: true });
  }
}

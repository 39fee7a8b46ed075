import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { EngineCancelledError } from './cancellation';
import { defaultFfmpegPath } from './ffmpeg-encoder';

export type FfmpegFilesJob = {
  /** Files ffmpeg reads, by file name (e.g. `in.mp4`, `mark.png`). */
  inputs: Record<string, Buffer>;
  /** The file ffmpeg writes, by file name; its bytes are the answer. */
  output: string;
  /** ffmpeg's arguments; `path(name)` gives an input's or the output's full path. */
  args(path: (name: string) => string): string[];
  ffmpegPath?: string;
  tempDir?: string;
  signal?: AbortSignal;
};

/**
 * Runs ffmpeg once on in-memory files: writes them to a fresh temp folder, runs, reads the
 * output, and removes the folder whatever happens. For jobs whose inputs are whole files
 * (muxing a soundtrack, stamping a watermark), where streaming frames as `encodeH264` does
 * brings nothing. An aborted signal kills ffmpeg and rejects with EngineCancelledError.
 */
export async function runFfmpegOnFiles(job: FfmpegFilesJob): Promise<Buffer> {
  if (job.signal?.aborted) throw new EngineCancelledError();
  const dir = await mkdtemp(join(job.tempDir ?? tmpdir(), 'lumen-ffmpeg-'));
  const path = (name: string) => join(dir, name);
  try {
    await Promise.all(
      Object.entries(job.inputs).map(([name, bytes]) => writeFile(path(name), bytes)),
    );
    const child = spawn(
      job.ffmpegPath ?? defaultFfmpegPath(),
      ['-hide_banner', '-loglevel', 'error', ...job.args(path)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const kill = () => child.kill('SIGKILL');
    job.signal?.addEventListener('abort', kill, { once: true });
    try {
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
      });
      if (job.signal?.aborted) throw new EngineCancelledError();
      if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`);
    } finally {
      job.signal?.removeEventListener('abort', kill);
    }
    return await readFile(path(job.output));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What ffprobe says of a video's first video stream: frame size and colour tags. */
export type ProbedStream = {
  width: number;
  height: number;
  /** ffmpeg's names (`bt709`, `tv`, …); undefined when the file does not say. */
  colorSpace?: string | undefined;
  colorPrimaries?: string | undefined;
  colorTransfer?: string | undefined;
  colorRange?: string | undefined;
};

/** Reads a video's first video stream with ffprobe; undefined when it has none. */
export async function probeVideoStream(
  video: Buffer,
  tempDir?: string,
): Promise<ProbedStream | undefined> {
  const dir = await mkdtemp(join(tempDir ?? tmpdir(), 'lumen-ffprobe-'));
  try {
    const file = join(dir, 'in.mp4');
    await writeFile(file, video);
    const run = spawnSync(ffprobeInstaller.path, [
      ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json', '-show_entries'],
      'stream=width,height,color_space,color_primaries,color_transfer,color_range',
      file,
    ]);
    const parsed = JSON.parse(run.stdout.toString() || '{}') as {
      streams?: Partial<Record<string, string | number>>[];
    };
    const stream = parsed.streams?.[0];
    const width = Number(stream?.width);
    const height = Number(stream?.height);
    if (!stream || !width || !height) return undefined;
    // "unknown" is ffprobe's word for an untagged property.
    const tag = (name: string) => {
      const value = stream[name];
      return typeof value === 'string' && value !== 'unknown' ? value : undefined;
    };
    return {
      width,
      height,
      colorSpace: tag('color_space'),
      colorPrimaries: tag('color_primaries'),
      colorTransfer: tag('color_transfer'),
      colorRange: tag('color_range'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

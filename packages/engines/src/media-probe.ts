import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

const run = promisify(execFile);

/** What a clip is, as ffprobe reads it: its first video stream and whether it has sound. */
export type VideoFacts = {
  width: number;
  height: number;
  durationS: number;
  fps: number;
  hasAudio: boolean;
  codec: string;
};

type Probe = {
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    duration?: string;
    tags?: { rotate?: string };
    side_data_list?: { rotation?: number }[];
  }[];
  format?: { duration?: string };
};

function rate(text: string | undefined): number {
  const [n, d] = (text ?? '0/1').split('/').map(Number);
  return n && d ? n / d : 0;
}

/**
 * Reads an uploaded clip with ffprobe, off the event loop (a child process); undefined when
 * it has no video stream or ffprobe cannot read it. A clip recorded turned (a phone's rotation
 * tag) reports its upright size.
 */
export async function probeVideoFacts(
  video: Buffer,
  options: { tempDir?: string; timeoutMs?: number } = {},
): Promise<VideoFacts | undefined> {
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'lumen-probe-'));
  try {
    const file = join(dir, 'in.mp4');
    await writeFile(file, video);
    const { stdout } = await run(
      ffprobeInstaller.path,
      ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file],
      { timeout: options.timeoutMs ?? 20_000, maxBuffer: 4 * 1024 * 1024 },
    ).catch(() => ({ stdout: '{}' }));
    const probe = JSON.parse(stdout || '{}') as Probe;
    const stream = probe.streams?.find((s) => s.codec_type === 'video');
    if (!stream?.width || !stream.height) return undefined;
    const rotation = Math.abs(
      Number(stream.tags?.rotate ?? stream.side_data_list?.find((d) => d.rotation)?.rotation ?? 0),
    );
    const turned = rotation % 180 === 90;
    const durationS = Number(stream.duration ?? probe.format?.duration ?? 0);
    return {
      width: turned ? stream.height : stream.width,
      height: turned ? stream.width : stream.height,
      durationS: Number.isFinite(durationS) ? durationS : 0,
      fps: rate(stream.avg_frame_rate),
      hasAudio: probe.streams?.some((s) => s.codec_type === 'audio') ?? false,
      codec: stream.codec_name ?? '',
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { z } from 'zod';

const run = promisify(execFile);

/** What the video graphs need to know of an input clip or voice track before they are filled. */
export type MediaFacts = {
  /** Frame size; 0 for a file without a picture (a voice track). */
  width: number;
  height: number;
  /** Frames per second of the picture; 0 without one. */
  fps: number;
  /** Frames in the file (counted, or duration × rate when the container does not say). */
  frames: number;
  durationS: number;
  hasAudio: boolean;
};

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        nb_frames: z.string().optional(),
        duration: z.string().optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional() }).default({}),
});

/** "30000/1001" → 29.97; "0/0" and garbage → 0. */
function rate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Reads a clip's or a voice track's size, rate, length and whether it has sound, with
 * ffprobe. Answers undefined for bytes ffprobe cannot read, so the caller can say the input
 * is not a video rather than fail somewhere inside ComfyUI.
 */
export async function probeMedia(
  bytes: Buffer,
  signal?: AbortSignal,
): Promise<MediaFacts | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'lumen-probe-'));
  try {
    const file = join(dir, 'in');
    await writeFile(file, bytes);
    const { stdout } = await run(
      ffprobeInstaller.path,
      ['-v', 'error', '-of', 'json', '-show_streams', '-show_format', file],
      { signal, maxBuffer: 4 * 1024 * 1024 },
    ).catch((err: unknown) => {
      // A cancelled task is cancelled, not a file ffprobe could not read.
      if (signal?.aborted) throw err;
      return { stdout: '' };
    });
    const parsed = probeSchema.safeParse(JSON.parse(stdout || '{}'));
    if (!parsed.success) return undefined;
    const { streams, format } = parsed.data;
    const video = streams.find((s) => s.codec_type === 'video');
    const hasAudio = streams.some((s) => s.codec_type === 'audio');
    if (!video && !hasAudio) return undefined;
    const durationS = Number(video?.duration ?? format.duration ?? 0) || 0;
    const fps = rate(video?.avg_frame_rate) || rate(video?.r_frame_rate);
    const counted = Number(video?.nb_frames ?? 0);
    return {
      width: video?.width ?? 0,
      height: video?.height ?? 0,
      fps,
      frames: counted > 0 ? counted : Math.round(durationS * fps),
      durationS,
      hasAudio,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

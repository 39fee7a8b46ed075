import sharp from 'sharp';
import type { ProgressReporter } from '../cancellation';
import { encodeH264 } from '../ffmpeg-encoder';
import { drawOverlay } from '../frame-sampler';
import { withSoundtrack } from '../soundtrack';
import { renderFrameOverlay } from '../video-layers';

/** What the video tools take besides their inputs: progress, cancellation and where ffmpeg is. */
export type VideoToolOptions = {
  /** Progress 0–1; may reject (EngineCancelledError) to stop. */
  report?: ProgressReporter;
  signal?: AbortSignal;
  ffmpegPath?: string;
  tempDir?: string;
};

/** A video tool's answer: H.264 MP4 (AAC sound where there is sound) and its first frame. */
export type VideoToolResult = {
  video: Buffer;
  /** The first frame as PNG, for players to show before playback. */
  poster: Buffer;
  width: number;
  height: number;
  durationS: number;
  description: string;
};

export type ToolClipJob = {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  /** Fills `out` (packed RGBA words, see frame-sampler) with opaque frame `index`. */
  renderFrame(index: number, out: Uint32Array): void | Promise<void>;
  /** Laid under the picture as AAC, cut or padded to the clip's length. */
  audio?: Buffer;
  /** Share of the tool's progress already spent before encoding starts. */
  progressFrom: number;
};

/**
 * Encodes a tool's frames with the PREVIEW mark on each (these CPU tools stand in for video
 * models, whose results carry no mark), lays the sound under them, and makes the poster
 * from the first frame.
 */
export async function encodeToolClip(
  job: ToolClipJob,
  opts: VideoToolOptions,
): Promise<Omit<VideoToolResult, 'description'>> {
  const { width, height, fps, frameCount } = job;
  const overlay = await renderFrameOverlay({ width, height });
  const draw = async (index: number, out: Uint32Array) => {
    await job.renderFrame(index, out);
    drawOverlay(out, overlay);
  };
  const first = new Uint32Array(width * height);
  await draw(0, first);
  const poster = await sharp(Buffer.from(first.buffer), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: true, palette: false })
    .toBuffer();
  const span = job.audio ? 0.9 : 1;
  const from = job.progressFrom;
  const { report } = opts;
  let video = await encodeH264({
    width,
    height,
    fps,
    frameCount,
    renderFrame: draw,
    ffmpegPath: opts.ffmpegPath,
    tempDir: opts.tempDir,
    signal: opts.signal,
    onProgress: report ? (f) => report(from + (1 - from) * span * f) : undefined,
  });
  const durationS = frameCount / fps;
  if (job.audio) {
    ({ video } = await withSoundtrack({ video, durationS }, job.audio, opts));
  }
  await report?.(1);
  return { video, poster, width, height, durationS };
}

/** Even sizes within `maxSide` for yuv420p, keeping the aspect as nearly as whole pixels allow. */
export function evenSize(
  width: number,
  height: number,
  maxSide: number,
): {
  width: number;
  height: number;
} {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const even = (v: number) => Math.max(2, Math.round((v * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

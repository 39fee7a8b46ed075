import sharp from 'sharp';
import { createUpscaler, type UpscaleScale, type Upscaler } from '../../ml/upscale';
import { throwIfAborted } from '../cancellation';
import { bytesOf, encodeFrames, finishClip, openClip, readFrames, type ClipInfo } from './clip';
import {
  even,
  grabPoster,
  h264OutputArgs,
  inWorkspace,
  toOutputPixels,
  type VideoToolOptions,
  type VideoToolResult,
  type Workspace,
} from './workspace';

export type UpscaleVideoSettings = {
  /** The output's long side in pixels: 3840 for 4K. */
  longSide: number;
  /**
   * `auto` times ESRGAN on one tile and uses it when the whole clip would take less than
   * `budgetS`; otherwise, or with `lanczos`, the frames are resized by Lanczos and sharpened.
   */
  method?: 'auto' | 'esrgan' | 'lanczos';
  budgetS?: number;
};

export type UpscaleVideoOptions = VideoToolOptions & {
  /** The ESRGAN upscaler (ml/upscale.ts); one is made on first use when absent. */
  upscaler?: Upscaler;
};

/** What ESRGAN may spend on a clip before the sharpened Lanczos resize is used instead. */
export const ESRGAN_BUDGET_S = 120;

let sharedUpscaler: Upscaler | undefined;

/** Output size: the long side as asked, the other in proportion, both even. */
function targetSize(clip: ClipInfo, longSide: number): { width: number; height: number } {
  const k = longSide / Math.max(clip.width, clip.height);
  return { width: even(clip.width * k), height: even(clip.height * k) };
}

/** Seconds ESRGAN would take for the whole clip, from the time of one 128-pixel tile. */
async function projectEsrgan(
  space: Workspace,
  clip: ClipInfo,
  scale: UpscaleScale,
  upscaler: Upscaler,
): Promise<number> {
  const side = Math.min(128, clip.width, clip.height);
  const frames = readFrames(space, space.path('in.mp4'), {
    clip,
    width: clip.width,
    height: clip.height,
    fps: clip.fps,
    durationS: 0.5,
  });
  const first = await frames.next();
  await frames.return(undefined);
  if (first.done) return Infinity;
  const tile = await sharp(first.value, {
    raw: { width: clip.width, height: clip.height, channels: 4 },
  })
    .extract({ left: 0, top: 0, width: side, height: side })
    .removeAlpha()
    .png()
    .toBuffer();
  // The first call loads the model; the second is the one timed.
  await upscaler(tile, scale, undefined, space.options.signal);
  const start = performance.now();
  await upscaler(tile, scale, undefined, space.options.signal);
  const perTile = (performance.now() - start) / 1000;
  const tiles = Math.ceil(clip.width / 128) * Math.ceil(clip.height / 128);
  return perTile * tiles * Math.round(clip.durationS * clip.fps);
}

/** Every frame through ESRGAN, then Lanczos to the exact size, encoded as H.264. */
async function upscaleWithEsrgan(
  space: Workspace,
  clip: ClipInfo,
  size: { width: number; height: number },
  scale: UpscaleScale,
  upscaler: Upscaler,
): Promise<Buffer> {
  const { report, signal } = space.options;
  const frameCount = Math.max(1, Math.round(clip.durationS * clip.fps));
  const frames = readFrames(space, space.path('in.mp4'), {
    clip,
    width: clip.width,
    height: clip.height,
    fps: clip.fps,
  });
  let last: Buffer | undefined;
  let lastReport = 0;
  try {
    await encodeFrames(space, 'picture.mp4', {
      ...size,
      fps: clip.fps,
      frameCount,
      frame: async (index, out) => {
        throwIfAborted(signal);
        const next = await frames.next();
        if (!next.done) {
          const png = await sharp(next.value, {
            raw: { width: clip.width, height: clip.height, channels: 4 },
          })
            .removeAlpha()
            .png({ compressionLevel: 1 })
            .toBuffer();
          // Progress within a frame too: one 4K frame takes several seconds.
          const big = await upscaler(
            png,
            scale,
            async (f) => {
              const now = performance.now();
              if (now - lastReport < 2000) return;
              lastReport = now;
              await report?.(0.05 + (0.9 * (index + f)) / frameCount);
            },
            signal,
          );
          last = await sharp(big.bytes)
            .resize(size.width, size.height, { kernel: 'lanczos3', fit: 'fill' })
            .ensureAlpha()
            .raw()
            .toBuffer();
        }
        if (last) bytesOf(out).set(last);
      },
    });
  } finally {
    await frames.return(undefined);
  }
  return finishClip(space, {
    picture: 'picture.mp4',
    source: space.path('in.mp4'),
    hasAudio: clip.hasAudio,
    durationS: frameCount / clip.fps,
  });
}

/** One ffmpeg pass: Lanczos to the size, an unsharp mask, the sound re-encoded alongside. */
async function upscaleWithLanczos(
  space: Workspace,
  clip: ClipInfo,
  size: { width: number; height: number },
): Promise<Buffer> {
  const scale = `scale=${size.width}:${size.height}:flags=lanczos:in_color_matrix=${clip.matrix}:in_range=${clip.range}`;
  await space.ffmpeg(
    [
      ...['-i', space.path('in.mp4'), '-map', '0:v:0', '-map', '0:a:0?'],
      ...['-vf', `fps=${clip.fps},${scale},unsharp=5:5:0.9:5:5:0.3,${toOutputPixels}`],
      ...['-c:a', 'aac', '-b:a', '160k', '-ac', '2'],
      ...h264OutputArgs(),
      ...['-y', space.path('final.mp4')],
    ],
    { totalS: clip.durationS, from: 0.05, to: 0.97 },
  );
  return space.read('final.mp4');
}

/**
 * 4K enhancement of a video: the long side brought to `longSide` (3840), the duration and
 * the sound kept. ESRGAN where it fits the time budget on this machine, otherwise a Lanczos
 * resize with an unsharp mask (docs/decisions/0045 has the measurements); the description
 * says which.
 */
export async function upscaleVideo(
  video: Buffer,
  settings: UpscaleVideoSettings = { longSide: 3840 },
  options: UpscaleVideoOptions = {},
): Promise<VideoToolResult> {
  return inWorkspace(options, async (space) => {
    const clip = await openClip(space, video);
    const size = targetSize(clip, settings.longSide);
    const factor = size.width / clip.width;
    const scale: UpscaleScale = factor <= 2 ? 2 : 4;
    const method = settings.method ?? 'auto';
    let useEsrgan = method === 'esrgan';
    let projectedS: number | undefined;
    // Made only when needed: the model's start costs seconds a Lanczos run should not pay.
    const upscaler = () => options.upscaler ?? (sharedUpscaler ??= createUpscaler());
    if (method === 'auto' && factor > 1) {
      projectedS = await projectEsrgan(space, clip, scale, upscaler());
      useEsrgan = projectedS <= (settings.budgetS ?? ESRGAN_BUDGET_S);
    }
    await options.report?.(0.05);
    const result = useEsrgan
      ? await upscaleWithEsrgan(space, clip, size, scale, upscaler())
      : await upscaleWithLanczos(space, clip, size);
    await space.write('result.mp4', result);
    const poster = await grabPoster(space, 'result.mp4', 0);
    await options.report?.(1);
    const durationS = Math.max(1, Math.round(clip.durationS * clip.fps)) / clip.fps;
    const how = useEsrgan
      ? `ESRGAN (${scale}× per frame, then Lanczos to the exact size)`
      : 'a Lanczos resize with an unsharp mask' +
        (projectedS === undefined
          ? ''
          : `, as ESRGAN would take about ${Math.round(projectedS)} s here`);
    return {
      video: result,
      poster,
      ...size,
      durationS,
      description: `Enhanced from ${clip.width}×${clip.height} to ${size.width}×${size.height} by ${how}; the length and the sound are kept.`,
    };
  });
}

import { resolutionHeights, type VideoResolution } from '@lumen/contracts/generation';

export type Size = { width: number; height: number };

export function parseRatio(ratio: string): number {
  const [w, h] = ratio.split(':').map(Number);
  if (!w || !h || !Number.isFinite(w / h)) throw new Error(`bad aspect ratio ${ratio}`);
  return w / h;
}

const roundTo = (value: number, step: number): number =>
  Math.max(step, Math.round(value / step) * step);

/** Image size: the longest side is `longest`, both sides multiples of 8 (latent-model sizes). */
export function imageSize(aspect: number, longest: number): Size {
  const long = roundTo(Math.floor(longest / 8) * 8, 8);
  return aspect >= 1
    ? { width: long, height: roundTo(long / aspect, 8) }
    : { width: roundTo(long * aspect, 8), height: long };
}

/**
 * Video size: the resolution names the short side (720p portrait is 720×1280, as phones
 * record it), the long side follows the ratio; both even because yuv420p needs it.
 */
export function videoSize(aspect: number, resolution: VideoResolution): Size {
  const short = resolutionHeights[resolution];
  return aspect >= 1
    ? { width: roundTo(short * aspect, 2), height: short }
    : { width: short, height: roundTo(short / aspect, 2) };
}

import sharp from 'sharp';
import { addSaturated, lerp, packLayer, type Layer } from '../frame-sampler';

/**
 * What every effect draws with: the picture(s) fitted to the frame as packed premultiplied
 * layers (see frame-sampler), the subject cut out when a background remover is at hand, and
 * a bilinear sampler for the warps.
 */
export type EffectPicture = {
  /** The picture covering the frame, opaque. */
  full: Layer;
  /** The picture blurred and dimmed: what shows where the subject moved away. */
  backdrop: Layer;
  /** The subject alone (transparent elsewhere) when it could be cut out. */
  cutout?: Layer;
  /** Where the subject is, in frame pixels: the cut-out's box, or the middle of the frame. */
  subject: { cx: number; cy: number; left: number; top: number; width: number; height: number };
};

/** The bilinear sample of `layer` at (x, y), in layer pixels; outside, the edge is repeated. */
export function sampleAt(layer: Layer, x: number, y: number): number {
  const { width: w, height: h, data } = layer;
  const cx = x < 0 ? 0 : x > w - 1.001 ? w - 1.001 : x;
  const cy = y < 0 ? 0 : y > h - 1.001 ? h - 1.001 : y;
  const ix = cx | 0;
  const iy = cy | 0;
  const fx = ((cx - ix) * 256) | 0;
  const fy = ((cy - iy) * 256) | 0;
  const i = iy * w + ix;
  const right = ix + 1 < w ? 1 : 0;
  const down = iy + 1 < h ? w : 0;
  return lerp(
    lerp(data[i]!, data[i + right]!, fx),
    lerp(data[i + down]!, data[i + down + right]!, fx),
    fy,
  );
}

/** Like sampleAt, but transparent outside the layer instead of repeating its edge. */
export function sampleInside(layer: Layer, x: number, y: number): number {
  if (x < -0.5 || y < -0.5 || x > layer.width - 0.5 || y > layer.height - 0.5) return 0;
  return sampleAt(layer, x, y);
}

/** A premultiplied pixel laid over another. */
export function over(top: number, bottom: number): number {
  const a = top >>> 24;
  if (a === 255) return top;
  if (a === 0) return bottom;
  return addSaturated(top, lerp(bottom, 0, a));
}

/** Scales a pixel's colour by `k` (0–2, 256ths), clamped: for flashes and shading. */
export function shade(p: number, k: number): number {
  const scale = (c: number) => Math.min(255, (c * k) >> 8);
  return (
    (scale(p & 255) |
      (scale((p >>> 8) & 255) << 8) |
      (scale((p >>> 16) & 255) << 16) |
      (p & 0xff000000)) >>>
    0
  );
}

/** An opaque word from straight RGB bytes. */
export const rgbWord = (r: number, g: number, b: number): number =>
  ((r & 255) | ((g & 255) << 8) | ((b & 255) << 16) | 0xff000000) >>> 0;

/** Fits a picture to `width`×`height` by cover, as an opaque layer and its RGBA bytes. */
export async function coverPicture(
  input: Buffer,
  width: number,
  height: number,
): Promise<{ layer: Layer; png: Buffer }> {
  const resized = sharp(input)
    .rotate()
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#ffffff' });
  const [rgb, png] = await Promise.all([
    resized.clone().removeAlpha().raw().toBuffer(),
    resized.clone().png().toBuffer(),
  ]);
  return { layer: packLayer(width, height, rgb, 3), png };
}

/**
 * Prepares one picture for an effect: covered to the frame, a blurred backdrop, and the
 * cut-out subject with its box when `removeBackground` is given and finds one.
 */
export async function preparePicture(
  input: Buffer,
  width: number,
  height: number,
  removeBackground?: (png: Buffer) => Promise<Buffer>,
): Promise<EffectPicture> {
  const { layer, png } = await coverPicture(input, width, height);
  const blurred = await sharp(png)
    .blur(Math.max(4, Math.min(width, height) / 40))
    .modulate({ brightness: 0.7, saturation: 0.8 })
    .removeAlpha()
    .raw()
    .toBuffer();
  const backdrop = packLayer(width, height, blurred, 3);
  const middle = {
    cx: width / 2,
    cy: height / 2,
    left: width * 0.25,
    top: height * 0.15,
    width: width * 0.5,
    height: height * 0.8,
  };
  if (!removeBackground) return { full: layer, backdrop, subject: middle };
  const cut = await sharp(await removeBackground(png))
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const cutout = packLayer(width, height, cut, 4);
  let n = 0;
  let sx = 0;
  let sy = 0;
  let x0 = width;
  let y0 = height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((cut[(y * width + x) * 4 + 3] ?? 0) < 128) continue;
      n++;
      sx += x;
      sy += y;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  // A cut-out of almost nothing means no subject was found: treat the picture as a whole.
  if (n < width * height * 0.01) return { full: layer, backdrop, subject: middle };
  const subject = { cx: sx / n, cy: sy / n, left: x0, top: y0, width: x1 - x0, height: y1 - y0 };
  return { full: layer, backdrop, cutout, subject };
}

/** Smoothstep of u between a and b. */
export function ramp(u: number, a: number, b: number): number {
  const t = Math.min(1, Math.max(0, (u - a) / (b - a)));
  return t * t * (3 - 2 * t);
}

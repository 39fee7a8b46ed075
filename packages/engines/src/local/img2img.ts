import type { EngineSettings } from '@lumen/contracts/generation';
import sharp from 'sharp';
import { luma, mixRgb, type Rgb } from './color';
import { imageSize } from './dimensions';
import { derivePalette } from './palette';
import { encodePreviewPng, seedForIndex, type RenderedImage } from './preview-image';
import { mixSeeds } from './prng';
import { applyModel, getStyleTreatment, type PreviewStyle } from './styles';
import { applyTexture, warp, type RgbImage } from './texture';

export type Img2ImgSettings = Pick<
  EngineSettings,
  'prompt' | 'strength' | 'style' | 'model' | 'seed' | 'size' | 'count'
>;

/** How a style repaints a photo: smoothing, flat colour bands, ink lines, palette grading. */
type Restyle = {
  median: number;
  blur: number;
  levels: number;
  edges: number;
  /** How much of each pixel's colour comes from the prompt palette's gradient map. */
  mapMix: number;
  saturation: number;
  /** Washes colours toward white paper (watercolour). */
  lighten?: number;
  swirl?: boolean;
};

const restyles: Record<PreviewStyle, Restyle> = {
  realistic: { median: 0, blur: 0, levels: 0, edges: 0, mapMix: 0.2, saturation: 1.1 },
  original: { median: 0, blur: 0.6, levels: 0, edges: 0.15, mapMix: 0.4, saturation: 1.15 },
  anime: { median: 5, blur: 0.8, levels: 7, edges: 0.7, mapMix: 0.25, saturation: 1.35 },
  cartoon: { median: 7, blur: 1, levels: 5, edges: 1, mapMix: 0.3, saturation: 1.5 },
  watercolor: {
    median: 7,
    blur: 2.5,
    levels: 0,
    edges: 0.45,
    mapMix: 0.3,
    saturation: 0.9,
    lighten: 0.3,
  },
  ink_wash: { median: 3, blur: 1.2, levels: 6, edges: 0.8, mapMix: 1, saturation: 0 },
  cyberpunk: { median: 0, blur: 0, levels: 0, edges: 0.3, mapMix: 0.75, saturation: 1.3 },
  van_gogh: {
    median: 3,
    blur: 0.8,
    levels: 9,
    edges: 0.35,
    mapMix: 0.45,
    saturation: 1.4,
    swirl: true,
  },
  miyazaki: { median: 5, blur: 1.2, levels: 9, edges: 0.3, mapMix: 0.3, saturation: 1.2 },
  barbie: { median: 0, blur: 0.8, levels: 0, edges: 0, mapMix: 0.7, saturation: 1.2 },
  vector_art: { median: 9, blur: 1.5, levels: 4, edges: 0.6, mapMix: 0.45, saturation: 1.3 },
  abstract: { median: 9, blur: 5, levels: 3, edges: 0, mapMix: 0.85, saturation: 1.5 },
};

/** A 256-step ramp through the palette, dark to light: the style's gradient map. */
function gradientMap(colours: Rgb[]): Rgb[] {
  const sorted = [...colours].sort((a, b) => luma(a) - luma(b));
  const first = sorted[0] ?? [0, 0, 0];
  const last = sorted[sorted.length - 1] ?? [255, 255, 255];
  const ramp = [mixRgb(first, [0, 0, 0], 0.7), ...sorted, mixRgb(last, [255, 255, 255], 0.7)];
  return Array.from({ length: 256 }, (_, v) => {
    const pos = (v / 255) * (ramp.length - 1);
    const i = Math.min(ramp.length - 2, Math.floor(pos));
    return mixRgb(ramp[i] ?? first, ramp[i + 1] ?? last, pos - i);
  });
}

/** Sobel gradient magnitude of the luma, 0 at the border: where outlines go. */
function edgeStrength(lumas: Float32Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const [a, b, c] = [lumas[p - w - 1] ?? 0, lumas[p - w] ?? 0, lumas[p - w + 1] ?? 0];
      const [d, f] = [lumas[p - 1] ?? 0, lumas[p + 1] ?? 0];
      const [g, k, m] = [lumas[p + w - 1] ?? 0, lumas[p + w] ?? 0, lumas[p + w + 1] ?? 0];
      const gx = c + 2 * f + m - a - 2 * d - g;
      const gy = g + 2 * k + m - a - 2 * b - c;
      out[p] = Math.sqrt(gx * gx + gy * gy);
    }
  }
  return out;
}

function paint(img: RgbImage, look: Restyle, ramp: Rgb[]): void {
  const { width: w, height: h, data: d } = img;
  const step = look.levels ? 255 / (look.levels - 1) : 0;
  const lumas = new Float32Array(w * h);
  for (let p = 0, i = 0; p < lumas.length; p++, i += 3) {
    lumas[p] = 0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0);
  }
  const edges = look.edges ? edgeStrength(lumas, w, h) : null;
  for (let p = 0, i = 0; p < lumas.length; p++, i += 3) {
    const l = lumas[p] ?? 0;
    const edge = edges ? look.edges * Math.min(1, Math.max(0, ((edges[p] ?? 0) - 60) / 220)) : 0;
    const keep = 1 - edge * 0.85;
    const mapped = ramp[Math.round(l)] ?? [l, l, l];
    for (let c = 0; c < 3; c++) {
      let v = l + ((d[i + c] ?? 0) - l) * look.saturation;
      v += ((mapped[c] ?? 0) - v) * look.mapMix;
      if (step) v = Math.round(v / step) * step;
      if (look.lighten) v += (255 - v) * look.lighten;
      d[i + c] = Math.min(255, Math.max(0, Math.round(v * keep)));
    }
  }
}

/** The input as RGB at the output size (EXIF orientation applied, alpha on white). */
async function loadInput(input: Buffer, longest: number): Promise<RgbImage> {
  const oriented = sharp(input).rotate();
  const meta = await oriented.metadata();
  const [w0, h0] =
    (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  const size = imageSize(w0 / h0, longest);
  const data = await sharp(input)
    .rotate()
    .resize(size.width, size.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return { ...size, data };
}

/** img2img: repaints the input in the style, as far as `strength` (0 keeps it, 1 all the way). */
export async function restyleImage(
  input: Buffer,
  settings: Img2ImgSettings,
  seed: number,
): Promise<RenderedImage> {
  const base = await loadInput(input, settings.size);
  const style = applyModel(getStyleTreatment(settings.style), settings.model);
  const look = restyles[style.id];
  const { palette } = derivePalette(settings.prompt, seed, style);
  const raw = { raw: { width: base.width, height: base.height, channels: 3 as const } };
  let smoothed = sharp(base.data, raw);
  if (look.median) smoothed = smoothed.median(look.median);
  if (look.blur) smoothed = smoothed.blur(look.blur);
  const painted = { ...base, data: await smoothed.raw().toBuffer() };
  // Ink wash is monochrome: its red accent belongs to the seal, not to the picture.
  const accents = style.id === 'ink_wash' ? [palette.paper, palette.ink] : palette.accents;
  const ramp = gradientMap([
    palette.skyTop,
    palette.skyMid,
    palette.horizon,
    palette.sun,
    ...palette.land,
    ...accents,
  ]);
  paint(painted, look, ramp);
  if (look.swirl)
    warp(
      painted,
      Math.min(base.width, base.height) * 0.012,
      Math.min(base.width, base.height) * 0.03,
      mixSeeds(seed, 3),
    );
  applyTexture(painted, style, mixSeeds(seed, 0x1a));
  const t = settings.strength;
  const out = Buffer.alloc(base.data.length);
  for (let i = 0; i < out.length; i++) {
    const a = base.data[i] ?? 0;
    out[i] = Math.round(a + ((painted.data[i] ?? 0) - a) * t);
  }
  const bytes = await encodePreviewPng({ ...base, data: out });
  return { bytes, width: base.width, height: base.height, seed };
}

export async function restyleImages(
  input: Buffer,
  settings: Img2ImgSettings,
  onProgress?: (fraction: number) => Promise<void>,
): Promise<RenderedImage[]> {
  const out: RenderedImage[] = [];
  for (let i = 0; i < settings.count; i++) {
    out.push(await restyleImage(input, settings, seedForIndex(settings.seed, i)));
    await onProgress?.((i + 1) / settings.count);
  }
  return out;
}

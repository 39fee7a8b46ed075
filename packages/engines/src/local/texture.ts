import { createRng, mixSeeds } from './prng';
import type { StyleTreatment } from './styles';

/** An RGB image in memory, 3 bytes per pixel, rows top to bottom. */
export type RgbImage = { width: number; height: number; data: Buffer };

/**
 * Smooth value noise in [-1, 1] over a width×height field, one value per pixel; `cell` is
 * the feature size in pixels. Separable interpolation keeps it to a few operations a pixel.
 */
export function noiseField(
  width: number,
  height: number,
  cell: number,
  seed: number,
): Float32Array {
  const rng = createRng(seed);
  const gx = Math.ceil(width / cell) + 2;
  const gy = Math.ceil(height / cell) + 2;
  const grid = Float32Array.from({ length: gx * gy }, () => rng.next() * 2 - 1);
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const xi = new Int32Array(width);
  const xw = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const u = x / cell;
    xi[x] = Math.floor(u);
    xw[x] = smooth(u - Math.floor(u));
  }
  const out = new Float32Array(width * height);
  const row = new Float32Array(gx);
  for (let y = 0; y < height; y++) {
    const v = y / cell;
    const j = Math.floor(v);
    const w = smooth(v - j);
    for (let i = 0; i < gx; i++) {
      row[i] = (grid[j * gx + i] ?? 0) * (1 - w) + (grid[(j + 1) * gx + i] ?? 0) * w;
    }
    for (let x = 0; x < width; x++) {
      const i = xi[x] ?? 0;
      const t = xw[x] ?? 0;
      out[y * width + x] = (row[i] ?? 0) * (1 - t) + (row[i + 1] ?? 0) * t;
    }
  }
  return out;
}

const clampByte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Film grain, also dithering away the banding of 8-bit gradients. */
function addGrain(img: RgbImage, amount: number, seed: number): void {
  let s = seed | 1;
  const d = img.data;
  for (let i = 0; i < d.length; i += 3) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const n = ((s >>> 0) / 4294967296 - 0.5) * 2 * amount;
    d[i] = clampByte((d[i] ?? 0) + n);
    d[i + 1] = clampByte((d[i + 1] ?? 0) + n);
    d[i + 2] = clampByte((d[i + 2] ?? 0) + n);
  }
}

/** Multiplies brightness by 1 + field·strength: paper tooth, pigment granulation. */
function modulate(img: RgbImage, field: Float32Array, strength: number): void {
  const d = img.data;
  for (let p = 0, i = 0; p < field.length; p++, i += 3) {
    const k = 1 + (field[p] ?? 0) * strength;
    d[i] = clampByte((d[i] ?? 0) * k);
    d[i + 1] = clampByte((d[i + 1] ?? 0) * k);
    d[i + 2] = clampByte((d[i + 2] ?? 0) * k);
  }
}

/** Wobbles edges the way wet paint creeps, by displacing pixels along a noise field. */
export function warp(img: RgbImage, amplitude: number, cell: number, seed: number): void {
  const { width: w, height: h } = img;
  const src = Buffer.from(img.data);
  const fx = noiseField(w, h, cell, mixSeeds(seed, 1));
  const fy = noiseField(w, h, cell, mixSeeds(seed, 2));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const sx = Math.min(w - 1, Math.max(0, Math.round(x + (fx[p] ?? 0) * amplitude)));
      const sy = Math.min(h - 1, Math.max(0, Math.round(y + (fy[p] ?? 0) * amplitude)));
      src.copy(img.data, p * 3, (sy * w + sx) * 3, (sy * w + sx) * 3 + 3);
    }
  }
}

/** Applies the style's surface (grain, paper, canvas weave, watercolour) in place. */
export function applyTexture(img: RgbImage, style: StyleTreatment, seed: number): void {
  const short = Math.min(img.width, img.height);
  const field = (cell: number, salt: number) =>
    noiseField(img.width, img.height, Math.max(2, cell * short), mixSeeds(seed, salt));
  switch (style.texture) {
    case 'grain':
      addGrain(img, 3.5, mixSeeds(seed, 3));
      break;
    case 'paper':
      // Two octaves at an odd ratio hide the grid that single-octave value noise shows.
      modulate(img, field(0.11, 4), 0.03);
      modulate(img, field(0.023, 11), 0.02);
      addGrain(img, 5, mixSeeds(seed, 5));
      break;
    case 'canvas': {
      const period = Math.max(3, Math.round(short / 220));
      const weave = new Float32Array(img.width * img.height);
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          weave[y * img.width + x] =
            Math.sin((x / period) * Math.PI) * Math.sin((y / period) * Math.PI);
        }
      }
      modulate(img, weave, 0.05);
      addGrain(img, 5, mixSeeds(seed, 6));
      break;
    }
    case 'watercolor':
      warp(img, short * 0.007, short * 0.04, mixSeeds(seed, 7));
      modulate(img, field(0.13, 8), 0.05);
      modulate(img, field(0.029, 9), 0.03);
      addGrain(img, 4, mixSeeds(seed, 10));
      break;
    default:
      break;
  }
}

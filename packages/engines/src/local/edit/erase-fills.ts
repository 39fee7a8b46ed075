import { solveMembrane } from './membrane';
import { loadOpenCv, type CvMat, type OpenCv } from './opencv';

/**
 * One crop of the picture to fill: RGB pixels and the hole (1 = to fill). A fill returns new
 * RGB pixels for the whole crop; only the hole's are used.
 */
export type FillCrop = { width: number; height: number; rgb: Uint8Array; hole: Uint8Array };

export type FillMethod = 'telea' | 'navier-stokes' | 'membrane' | 'pyramid';

function withMats<T>(cv: OpenCv, run: (track: (m: CvMat) => CvMat) => T): T {
  const mats: CvMat[] = [];
  try {
    return run((m) => {
      mats.push(m);
      return m;
    });
  } finally {
    for (const m of mats) m.delete();
  }
}

/** OpenCV's inpainting (Telea's fast marching or Navier–Stokes) over the hole. */
export async function fillWithOpenCv(
  crop: FillCrop,
  flags: 'telea' | 'navier-stokes',
  radius: number,
): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  return withMats(cv, (track) => {
    const src = track(cv.matFromArray(crop.height, crop.width, cv.CV_8UC3, crop.rgb));
    const mask = track(cv.matFromArray(crop.height, crop.width, cv.CV_8UC1, crop.hole));
    const dst = track(new cv.Mat());
    cv.inpaint(src, mask, dst, radius, flags === 'telea' ? cv.INPAINT_TELEA : cv.INPAINT_NS);
    return Uint8Array.from(dst.data);
  });
}

/** The harmonic fill: every hole pixel the mean of its neighbours, the rim held. */
export function fillWithMembrane(crop: FillCrop): Uint8Array {
  const values = Float32Array.from(crop.rgb);
  solveMembrane({
    values,
    unknown: crop.hole,
    width: crop.width,
    height: crop.height,
    channels: 3,
  });
  return toBytes(values);
}

function toBytes(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.round(values[i] ?? 0);
  return out;
}

/** The largest distance (px, chamfer 3-4) from a hole pixel to the nearest pixel outside it. */
export function holeDepth(hole: Uint8Array, width: number, height: number): number {
  const big = 1 << 28;
  const d = new Int32Array(hole.length);
  for (let p = 0; p < hole.length; p++) d[p] = hole[p] ? big : 0;
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 0 : (d[y * width + x] ?? 0);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!d[p]) continue;
      d[p] = Math.min(
        d[p] ?? big,
        at(x - 1, y) + 3,
        at(x, y - 1) + 3,
        at(x - 1, y - 1) + 4,
        at(x + 1, y - 1) + 4,
      );
    }
  }
  let deepest = 0;
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const p = y * width + x;
      if (!d[p]) continue;
      d[p] = Math.min(
        d[p] ?? big,
        at(x + 1, y) + 3,
        at(x, y + 1) + 3,
        at(x + 1, y + 1) + 4,
        at(x - 1, y + 1) + 4,
      );
      deepest = Math.max(deepest, d[p] ?? 0);
    }
  }
  return deepest / 3;
}

/** Averages k×k blocks; a block is in the hole when any of its pixels is. */
function shrink(crop: FillCrop, k: number): FillCrop {
  const width = Math.ceil(crop.width / k);
  const height = Math.ceil(crop.height / k);
  const rgb = new Uint8Array(width * height * 3);
  const hole = new Uint8Array(width * height);
  for (let by = 0; by < height; by++) {
    for (let bx = 0; bx < width; bx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      let inHole = 0;
      for (let y = by * k; y < Math.min(crop.height, by * k + k); y++) {
        for (let x = bx * k; x < Math.min(crop.width, bx * k + k); x++) {
          const p = y * crop.width + x;
          inHole |= crop.hole[p] ?? 0;
          r += crop.rgb[p * 3] ?? 0;
          g += crop.rgb[p * 3 + 1] ?? 0;
          b += crop.rgb[p * 3 + 2] ?? 0;
          n++;
        }
      }
      const q = by * width + bx;
      hole[q] = inHole;
      rgb[q * 3] = Math.round(r / n);
      rgb[q * 3 + 1] = Math.round(g / n);
      rgb[q * 3 + 2] = Math.round(b / n);
    }
  }
  return { width, height, rgb, hole };
}

/** Bilinear enlargement of a k-times smaller RGB image back to the crop's size. */
function enlarge(
  small: Uint8Array,
  sw: number,
  sh: number,
  width: number,
  height: number,
  k: number,
) {
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / k - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(sh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / k - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(sw - 1, x0 + 1);
      const tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const a = small[(y0 * sw + x0) * 3 + c] ?? 0;
        const b = small[(y0 * sw + x1) * 3 + c] ?? 0;
        const d = small[(y1 * sw + x0) * 3 + c] ?? 0;
        const e = small[(y1 * sw + x1) * 3 + c] ?? 0;
        out[(y * width + x) * 3 + c] =
          (a * (1 - tx) + b * tx) * (1 - ty) + (d * (1 - tx) + e * tx) * ty;
      }
    }
  }
  return out;
}

/**
 * Navier–Stokes inpainting at a reduced size, where the hole is only a few pixels deep and
 * the surrounding isophotes carry across it without smearing, enlarged back and blended into
 * the full-size rim with a Poisson solve: the coarse fill gives the shape, the rim's own
 * pixels fix the colours at the seam.
 */
export async function fillByPyramid(crop: FillCrop, radius: number): Promise<Uint8Array> {
  const depth = holeDepth(crop.hole, crop.width, crop.height);
  let k = 1;
  while (depth / k > 8 && k < 16) k *= 2;
  const small = k > 1 ? shrink(crop, k) : crop;
  const coarse = await fillWithOpenCv(
    small,
    'navier-stokes',
    Math.max(2, Math.round(radius / k) + 1),
  );
  const guide = enlarge(coarse, small.width, small.height, crop.width, crop.height, k);
  // The difference between the picture and the guide, known on the rim, spread over the hole.
  const diff = new Float32Array(crop.width * crop.height * 3);
  for (let p = 0; p < crop.hole.length; p++) {
    if (crop.hole[p]) continue;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      diff[i] = (crop.rgb[i] ?? 0) - (guide[i] ?? 0);
    }
  }
  solveMembrane({
    values: diff,
    unknown: crop.hole,
    width: crop.width,
    height: crop.height,
    channels: 3,
  });
  const out = new Float32Array(diff.length);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.min(255, Math.max(0, (guide[i] ?? 0) + (diff[i] ?? 0)));
  return toBytes(out);
}

import {
  checkpoint,
  dilateMask,
  EditInputError,
  encodePicture,
  maskBounds,
  readMask,
  readPicture,
  type EditOptions,
  type EditResult,
} from './edit-image';
import {
  fillByPyramid,
  fillWithMembrane,
  fillWithOpenCv,
  type FillCrop,
  type FillMethod,
} from './erase-fills';
import { solveMembrane } from './membrane';

export type EraseOptions = EditOptions & {
  /** How the hole is filled; decision 0040 gives the measurements behind the default. */
  method?: FillMethod;
  /** Growth of the mask in px before filling, which takes in the object's soft edge. */
  dilate?: number;
};

export const defaultEraseMethod: FillMethod = 'pyramid';

const methodNames: Record<FillMethod, string> = {
  telea: 'OpenCV Telea inpainting',
  'navier-stokes': 'OpenCV Navier–Stokes inpainting',
  membrane: 'harmonic (membrane) fill',
  pyramid: 'OpenCV Navier–Stokes inpainting at reduced size, Poisson-blended at full size',
};

/** A few pixels at 1024 px, more on larger pictures whose object edges are softer in pixels. */
export function defaultDilation(width: number, height: number): number {
  return Math.max(3, Math.round(Math.min(width, height) / 256));
}

async function fill(crop: FillCrop, method: FillMethod, radius: number): Promise<Uint8Array> {
  switch (method) {
    case 'telea':
    case 'navier-stokes':
      return fillWithOpenCv(crop, method, radius);
    case 'membrane':
      return fillWithMembrane(crop);
    case 'pyramid':
      return fillByPyramid(crop, radius);
  }
}

/**
 * The magic eraser: removes what the mask covers and fills it from its surroundings. The
 * mask is grown by a few pixels first, so the object's anti-aliased rim and its shadow edge
 * go too; only the grown mask's pixels change, every other pixel is the input's own.
 */
export async function eraseMasked(
  image: Buffer,
  mask: Buffer,
  opts: EraseOptions = {},
): Promise<EditResult> {
  const method = opts.method ?? defaultEraseMethod;
  const picture = await readPicture(image);
  const { width, height } = picture;
  const drawn = await readMask(mask, width, height);
  await checkpoint(opts, 0.1);
  const grow = Math.max(0, Math.round(opts.dilate ?? defaultDilation(width, height)));
  const hole = dilateMask(drawn, width, height, grow);
  const bounds = maskBounds(hole, width, height);
  if (!bounds) throw new EditInputError('empty_mask', 'The mask marks no part of the picture');
  // Work on the hole's surroundings only: the fills look no further than a margin around it.
  const margin = Math.max(16, Math.round(Math.max(bounds.width, bounds.height) * 0.25));
  const x0 = Math.max(0, bounds.x - margin);
  const y0 = Math.max(0, bounds.y - margin);
  const x1 = Math.min(width, bounds.x + bounds.width + margin);
  const y1 = Math.min(height, bounds.y + bounds.height + margin);
  const crop: FillCrop = {
    width: x1 - x0,
    height: y1 - y0,
    rgb: new Uint8Array((x1 - x0) * (y1 - y0) * 3),
    hole: new Uint8Array((x1 - x0) * (y1 - y0)),
  };
  for (let y = y0; y < y1; y++) {
    const from = (y * width + x0) * 3;
    crop.rgb.set(picture.rgb.subarray(from, from + crop.width * 3), (y - y0) * crop.width * 3);
    crop.hole.set(hole.subarray(y * width + x0, y * width + x1), (y - y0) * crop.width);
  }
  await checkpoint(opts, 0.2);
  const radius = Math.max(3, grow);
  const filled = await fill(crop, method, radius);
  await checkpoint(opts, 0.8);
  const rgb = Buffer.from(picture.rgb);
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) {
      const q = y * crop.width + x;
      if (!crop.hole[q]) continue;
      const p = (y + y0) * width + (x + x0);
      rgb[p * 3] = filled[q * 3] ?? 0;
      rgb[p * 3 + 1] = filled[q * 3 + 1] ?? 0;
      rgb[p * 3 + 2] = filled[q * 3 + 2] ?? 0;
    }
  }
  const alpha = picture.alpha ? fillAlpha(picture.alpha, hole, width, height) : undefined;
  const bytes = await encodePicture({ width, height, rgb, ...(alpha ? { alpha } : {}) });
  await checkpoint(opts, 1);
  const share = Math.round((countSet(hole) / (width * height)) * 1000) / 10;
  return {
    bytes,
    width,
    height,
    description: `${methodNames[method]}, mask dilated by ${grow} px (${share} % of the picture filled)`,
  };
}

function countSet(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
}

/** A transparent picture's alpha is filled like its colours, so an erased hole keeps the cut-out's shape around it. */
function fillAlpha(alpha: Buffer, hole: Uint8Array, width: number, height: number): Buffer {
  const values = Float32Array.from(alpha);
  solveMembrane({ values, unknown: hole, width, height, channels: 1 });
  const out = Buffer.from(alpha);
  for (let p = 0; p < hole.length; p++) if (hole[p]) out[p] = Math.round(values[p] ?? 0);
  return out;
}

import sharp from 'sharp';
import { throwIfAborted, type ProgressReporter } from '../cancellation';
import { previewMarkSvg } from '../preview-mark';
import { EditInputError } from './edit-input-error';

export { EditInputError } from './edit-input-error';

/** What every editing function gives back: a PNG, its size, and what was done in plain words. */
export type EditResult = { bytes: Buffer; width: number; height: number; description: string };

export type EditOptions = {
  /** Progress 0–1; may reject (EngineCancelledError) to stop the edit. */
  report?: ProgressReporter;
  /** Checked between steps. */
  signal?: AbortSignal;
};

/** A decoded picture: 8-bit RGB, and its alpha kept apart when it has one. */
export type Picture = { width: number; height: number; rgb: Buffer; alpha?: Buffer };

/** The picture laid on white, for edits whose result is opaque. */
export function flattenPicture(picture: Picture): Picture {
  const { width, height, rgb, alpha } = picture;
  if (!alpha) return picture;
  const out = Buffer.alloc(rgb.length);
  for (let p = 0; p < alpha.length; p++) {
    const a = (alpha[p] ?? 255) / 255;
    for (let c = 0; c < 3; c++) {
      out[p * 3 + c] = Math.round((rgb[p * 3 + c] ?? 0) * a + 255 * (1 - a));
    }
  }
  return { width, height, rgb: out };
}

/** Reports progress after a step and stops if the task was cancelled meanwhile. */
export async function checkpoint(opts: EditOptions, fraction: number): Promise<void> {
  throwIfAborted(opts.signal);
  await opts.report?.(fraction);
  throwIfAborted(opts.signal);
}

/** Decodes a PNG or JPEG upright (EXIF orientation applied). */
export async function readPicture(bytes: Buffer): Promise<Picture> {
  try {
    const { data, info } = await sharp(bytes).rotate().raw().toBuffer({ resolveWithObject: true });
    const { width, height, channels } = info;
    const pixels = width * height;
    if (channels === 3) return { width, height, rgb: data };
    const rgb = Buffer.alloc(pixels * 3);
    const alpha = channels === 4 || channels === 2 ? Buffer.alloc(pixels) : undefined;
    for (let p = 0; p < pixels; p++) {
      const s = p * channels;
      if (channels <= 2) rgb.fill(data[s] ?? 0, p * 3, p * 3 + 3);
      else data.copy(rgb, p * 3, s, s + 3);
      if (alpha) alpha[p] = data[s + channels - 1] ?? 255;
    }
    return alpha ? { width, height, rgb, alpha } : { width, height, rgb };
  } catch (error) {
    throw new EditInputError('unreadable_image', 'The picture is not a readable PNG or JPEG', {
      cause: error,
    });
  }
}

/**
 * The mask at the picture's size, 1 where the edit goes: luminance ≥ 128 after laying any
 * transparency on black. A mask of another size is stretched to the picture with nearest
 * neighbours, so its edges stay hard.
 */
export async function readMask(bytes: Buffer, width: number, height: number): Promise<Uint8Array> {
  let grey: Buffer;
  try {
    grey = await sharp(bytes)
      .rotate()
      .flatten({ background: '#000000' })
      .greyscale()
      .resize(width, height, { fit: 'fill', kernel: 'nearest' })
      .extractChannel(0)
      .raw()
      .toBuffer();
  } catch (error) {
    throw new EditInputError('unreadable_mask', 'The mask is not a readable PNG or JPEG', {
      cause: error,
    });
  }
  const mask = new Uint8Array(width * height);
  let any = false;
  for (let p = 0; p < mask.length; p++) {
    if ((grey[p] ?? 0) >= 128) {
      mask[p] = 1;
      any = true;
    }
  }
  if (!any) throw new EditInputError('empty_mask', 'The mask marks no part of the picture');
  return mask;
}

export type Box = { x: number; y: number; width: number; height: number };

/** The smallest rectangle holding every set pixel of the mask, or undefined for an empty one. */
export function maskBounds(mask: Uint8Array, width: number, height: number): Box | undefined {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!mask[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Share of the picture the mask covers, 0–1. */
export function maskCoverage(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n / Math.max(1, mask.length);
}

/** PNG with fixed encoder settings, so the same pixels always give the same bytes. */
export async function encodePicture(picture: Picture): Promise<Buffer> {
  const { width, height, rgb, alpha } = picture;
  let raw: Buffer = rgb;
  let channels: 3 | 4 = 3;
  if (alpha) {
    raw = Buffer.alloc(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      rgb.copy(raw, p * 4, p * 3, p * 3 + 3);
      raw[p * 4 + 3] = alpha[p] ?? 255;
    }
    channels = 4;
  }
  return sharp(raw, { raw: { width, height, channels } })
    .png({ compressionLevel: 6, adaptiveFiltering: true, palette: false })
    .toBuffer();
}

/**
 * Where a `w × h` rectangle fits wholly inside the clip within `region`: the first such
 * place reading rows from the top, on a grid of a few pixels, found with a summed-area table.
 */
function findRoom(
  clip: Uint8Array,
  W: number,
  region: Box,
  w: number,
  h: number,
): { left: number; top: number } | undefined {
  const rw = region.width;
  const rh = region.height;
  if (w > rw || h > rh) return undefined;
  const sums = new Int32Array((rw + 1) * (rh + 1));
  for (let y = 0; y < rh; y++) {
    let row = 0;
    for (let x = 0; x < rw; x++) {
      row += clip[(region.y + y) * W + region.x + x] ?? 0;
      sums[(y + 1) * (rw + 1) + x + 1] = (sums[y * (rw + 1) + x + 1] ?? 0) + row;
    }
  }
  const at = (x: number, y: number) => sums[y * (rw + 1) + x] ?? 0;
  const step = Math.max(1, Math.round(Math.min(w, h) / 6));
  for (let y = 0; y + h <= rh; y += step) {
    for (let x = 0; x + w <= rw; x += step) {
      if (at(x + w, y + h) - at(x, y + h) - at(x + w, y) + at(x, y) === w * h) {
        return { left: region.x + x, top: region.y + y };
      }
    }
  }
  return undefined;
}

/**
 * Draws the PREVIEW mark into `picture` inside `region`, near its top-left corner with a
 * small margin, shrunk to fit when the room is narrow. With `clip`, the mark goes where it
 * lies wholly on set clip pixels, so a mark laid over an edited area never touches the
 * pixels around it. Returns false, drawing nothing, when no legible mark fits.
 */
export async function drawPreviewMark(
  picture: Picture,
  region: Box,
  clip?: Uint8Array,
): Promise<boolean> {
  const { width: W, height: H, rgb } = picture;
  const mark = previewMarkSvg(Math.min(W, H));
  const margin = Math.max(2, Math.round(Math.min(region.width, region.height) * 0.04));
  const room = { width: region.width - margin * 2, height: region.height - margin * 2 };
  const inner = { x: region.x + margin, y: region.y + margin, ...room };
  let placed: { left: number; top: number; width: number; height: number } | undefined;
  for (
    let scale = Math.min(1, room.width / mark.width, room.height / mark.height);
    ;
    scale *= 0.8
  ) {
    const size = { width: Math.round(mark.width * scale), height: Math.round(mark.height * scale) };
    // Below about 36 px wide the strokes of the letters run together.
    if (size.width < 36 || size.height < 9) return false;
    const spot = clip
      ? findRoom(clip, W, inner, size.width, size.height)
      : { left: inner.x, top: inner.y };
    if (spot) {
      placed = { ...spot, ...size };
      break;
    }
  }
  const { width, height } = placed;
  const spot = placed;
  const { data } = await sharp(Buffer.from(mark.svg))
    .resize(width, height, { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (let y = 0; y < height; y++) {
    const py = spot.top + y;
    if (py < 0 || py >= H) continue;
    for (let x = 0; x < width; x++) {
      const px = spot.left + x;
      if (px < 0 || px >= W) continue;
      const p = py * W + px;
      const s = (y * width + x) * 4;
      const a = (data[s + 3] ?? 0) / 255;
      if (a === 0) continue;
      for (let c = 0; c < 3; c++) {
        const d = p * 3 + c;
        rgb[d] = Math.round((rgb[d] ?? 0) * (1 - a) + (data[s + c] ?? 0) * a);
      }
    }
  }
  return true;
}

/**
 * The mask grown by `radius` px in every direction (a disc), by a two-pass distance: exact
 * for the city-block part, and rounded by testing the Euclidean distance to the nearest seed.
 */
export function dilateMask(
  mask: Uint8Array,
  width: number,
  height: number,
  radius: number,
): Uint8Array {
  if (radius <= 0) return mask.slice();
  const out = new Uint8Array(mask.length);
  const r = Math.ceil(radius);
  const r2 = radius * radius;
  // Row offsets of the disc: for each dy, how far the disc reaches in x.
  const reach = Array.from({ length: 2 * r + 1 }, (_, i) => {
    const dy = i - r;
    return Math.floor(Math.sqrt(Math.max(0, r2 - dy * dy)));
  });
  // Horizontal run first: for each pixel, the distance to the nearest set pixel on its row.
  const rowDist = new Int32Array(mask.length).fill(1 << 20);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -(1 << 20);
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) last = x;
      rowDist[row + x] = x - last;
    }
    last = 1 << 20;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) last = x;
      rowDist[row + x] = Math.min(rowDist[row + x] ?? 0, last - x);
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let i = 0; i <= 2 * r; i++) {
        const yy = y + i - r;
        if (yy < 0 || yy >= height) continue;
        if ((rowDist[yy * width + x] ?? 1 << 20) <= (reach[i] ?? 0)) {
          out[y * width + x] = 1;
          break;
        }
      }
    }
  }
  return out;
}

import sharp from 'sharp';
import {
  checkpoint,
  drawPreviewMark,
  encodePicture,
  flattenPicture,
  readPicture,
  type Box,
  type EditOptions,
  type EditResult,
} from './edit-image';
import { fillWithOpenCv } from './erase-fills';
import { outpaintPadding, type OutpaintOptions, type Padding } from './outpaint-padding';

export { outpaintPadding } from './outpaint-padding';

/** Mirrors a coordinate into 0…n-1 as often as it takes (…2 1 0 | 0 1 2 … n-1 | n-1 n-2 …). */
function reflect(v: number, n: number): number {
  const period = 2 * n;
  const m = ((v % period) + period) % period;
  return m < n ? m : period - 1 - m;
}

/** How far a canvas pixel lies outside the picture's rectangle, in px (0 inside it). */
function distanceOutside(x: number, y: number, inner: Box): number {
  const dx = Math.max(inner.x - x, 0, x - (inner.x + inner.width - 1));
  const dy = Math.max(inner.y - y, 0, y - (inner.y + inner.height - 1));
  return Math.sqrt(dx * dx + dy * dy);
}

/**
 * A Gaussian blur of an RGB canvas. Wide blurs run on a reduced copy and are enlarged back:
 * the result is as soft, at a fraction of the cost of a full-size kernel a hundred pixels wide.
 */
async function blurred(rgb: Buffer, width: number, height: number, sigma: number): Promise<Buffer> {
  const raw = { raw: { width, height, channels: 3 as const } };
  const shrink = Math.max(1, Math.floor(sigma / 4));
  if (shrink === 1) return sharp(rgb, raw).blur(Math.max(0.3, sigma)).raw().toBuffer();
  const sw = Math.max(1, Math.round(width / shrink));
  const sh = Math.max(1, Math.round(height / shrink));
  const small = await sharp(rgb, raw)
    .resize(sw, sh, { fit: 'fill', kernel: 'linear' })
    .blur(Math.max(0.3, sigma / shrink))
    .raw()
    .toBuffer();
  return sharp(small, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}

/** The widest strip of new canvas, where the preview mark goes so it stays off the picture. */
function largestStrip(p: Padding, canvas: { width: number; height: number }): Box {
  const strips: Box[] = [
    { x: 0, y: 0, width: p.left, height: canvas.height },
    { x: canvas.width - p.right, y: 0, width: p.right, height: canvas.height },
    { x: 0, y: 0, width: canvas.width, height: p.top },
    { x: 0, y: canvas.height - p.bottom, width: canvas.width, height: p.bottom },
  ];
  return strips.reduce((best, s) =>
    Math.min(s.width, s.height) > Math.min(best.width, best.height) ? s : best,
  );
}

/**
 * The magic expand as a preview: the canvas grows to the ratio (or by the given pixels) and
 * the new area is the picture reflected outward, blurred more the further it lies from the
 * picture, so it reads as "more of the same, out of focus"; a band of new pixels along the
 * seam is then inpainted (OpenCV Navier–Stokes) so the sharp picture runs into the blur
 * without a line. The picture's own pixels are put back untouched, and the PREVIEW mark sits
 * in the new area: a GPU fill model does the real expansion.
 */
export async function outpaintCanvas(
  image: Buffer,
  opts: OutpaintOptions & EditOptions,
): Promise<EditResult> {
  const picture = flattenPicture(await readPicture(image));
  const { width: w, height: h } = picture;
  const plan = outpaintPadding(w, h, opts);
  const { padding, canvasWidth: W, canvasHeight: H } = plan;
  const inner: Box = { x: padding.left, y: padding.top, width: w, height: h };
  await checkpoint(opts, 0.1);

  // The picture mirrored over the whole canvas.
  const mirrored = Buffer.alloc(W * H * 3);
  const column = Int32Array.from({ length: W }, (_, x) => reflect(x - inner.x, w) * 3);
  for (let y = 0; y < H; y++) {
    const from = reflect(y - inner.y, h) * w * 3;
    const to = y * W * 3;
    for (let x = 0; x < W; x++) {
      const s = from + (column[x] ?? 0);
      mirrored[to + x * 3] = picture.rgb[s] ?? 0;
      mirrored[to + x * 3 + 1] = picture.rgb[s + 1] ?? 0;
      mirrored[to + x * 3 + 2] = picture.rgb[s + 2] ?? 0;
    }
  }
  const reach = Math.max(padding.left, padding.right, padding.top, padding.bottom, 1);
  const levels = [
    mirrored,
    ...(await Promise.all(
      [reach / 24, reach / 8, reach / 3].map((s) => blurred(mirrored, W, H, s)),
    )),
  ];
  await checkpoint(opts, 0.4);

  // Blend the levels by distance from the picture: sharp at the seam, softest at the far edge.
  const rgb = Buffer.from(mirrored);
  const top = levels.length - 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = distanceOutside(x, y, inner);
      if (d === 0) continue;
      const p = (y * W + x) * 3;
      const t = Math.min(1, d / reach) * top;
      const i = Math.min(top - 1, Math.floor(t));
      const f = t - i;
      const a = levels[i] ?? mirrored;
      const b = levels[i + 1] ?? mirrored;
      for (let c = 0; c < 3; c++) {
        rgb[p + c] = Math.round((a[p + c] ?? 0) * (1 - f) + (b[p + c] ?? 0) * f);
      }
    }
  }

  // The seam band: new pixels within a few percent of the picture, inpainted from both sides.
  const band = Math.max(2, Math.round(Math.min(reach * 0.1, Math.min(w, h) * 0.025)));
  const hole = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = distanceOutside(x, y, inner);
      if (d > 0 && d <= band) hole[y * W + x] = 1;
    }
  }
  if (reach > 1) {
    const filled = await fillWithOpenCv({ width: W, height: H, rgb, hole }, 'navier-stokes', 3);
    // Inpainting continues the picture's lines into the band; fading it into the blurred
    // extension across the band leaves no edge where the band ends.
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (!hole[p]) continue;
        const u = distanceOutside(x, y, inner) / band;
        for (let c = 0; c < 3; c++) {
          const i = p * 3 + c;
          rgb[i] = Math.round((filled[i] ?? 0) * (1 - u) + (rgb[i] ?? 0) * u);
        }
      }
    }
  }
  await checkpoint(opts, 0.7);

  // The picture itself, exactly as it came.
  for (let y = 0; y < h; y++) {
    picture.rgb.copy(rgb, ((y + inner.y) * W + inner.x) * 3, y * w * 3, (y + 1) * w * 3);
  }
  const canvas = { width: W, height: H, rgb };
  const markedInStrip = await drawPreviewMark(canvas, largestStrip(padding, canvas));
  if (!markedInStrip) await drawPreviewMark(canvas, { x: 0, y: 0, width: W, height: H });
  let bytes = await encodePicture(canvas);
  if (plan.scale < 1) {
    bytes = await sharp(bytes)
      .resize(plan.width, plan.height, { fit: 'fill', kernel: 'lanczos3' })
      .png({ compressionLevel: 6, adaptiveFiltering: true, palette: false })
      .toBuffer();
  }
  await checkpoint(opts, 1);
  const how = opts.whRatio ? `to ${opts.whRatio}` : 'by the given margins';
  const scaled = plan.scale < 1 ? `, scaled to ${plan.width}×${plan.height}` : '';
  return {
    bytes,
    width: plan.width,
    height: plan.height,
    description:
      `Canvas expanded ${how} from ${w}×${h} to ${W}×${H}${scaled}: the new area is the picture ` +
      'reflected outward and progressively blurred, its seam blended with OpenCV Navier–Stokes ' +
      'inpainting; a preview of what a GPU fill model paints',
  };
}

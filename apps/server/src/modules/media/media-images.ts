import { IMAGE_MAX_PIXELS } from '@lumen/contracts/media';
import sharp from 'sharp';

/** Every image this module decodes stops at the pixel limit instead of filling the memory. */
const decodeOptions = { limitInputPixels: IMAGE_MAX_PIXELS } as const;

export type ImageMeta = { format: string; width: number; height: number; hasAlpha: boolean };

/** Format and size of an image from its header; undefined when sharp cannot read it. */
export async function readImageMeta(bytes: Buffer): Promise<ImageMeta | undefined> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !meta.width || !meta.height) return undefined;
    // EXIF-rotated photos are shown turned, so their sides are judged turned too.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      format: meta.format,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      hasAlpha: meta.hasAlpha,
    };
  } catch {
    return undefined;
  }
}

/**
 * An image from a user, read for real: its header, then every pixel. A header alone passes a
 * file cut short or one that declares sides its data does not hold, and those fail later in
 * whatever decodes them (the adult-content scorer, a thumbnail, an engine). The pixel count is
 * judged from the header before anything is decoded; the decode itself streams through a
 * small shrink, so memory stays bounded whatever the sides.
 */
export async function decodeImage(
  bytes: Buffer,
): Promise<{ ok: true; meta: ImageMeta } | { ok: false; reason: 'unreadable' | 'tooManyPixels' }> {
  const meta = await readImageMeta(bytes);
  if (!meta) return { ok: false, reason: 'unreadable' };
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) return { ok: false, reason: 'tooManyPixels' };
  try {
    await sharp(bytes, { ...decodeOptions, sequentialRead: true, failOn: 'warning' })
      .resize(32, 32, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, meta };
}

/** A WebP preview `width` px wide (never enlarged), turned upright. */
export function makeThumbnail(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes, decodeOptions)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The mark in the bottom-right corner: a small four-point spark drawn as a path (so it shows
 * even where no font is installed) and the brand name in DejaVu Sans, white at 80 % with a
 * faint dark outline so it reads on light and dark images alike.
 */
function watermarkSvg(imageWidth: number, imageHeight: number, text: string): Buffer {
  const fontSize = Math.max(12, Math.round(Math.min(imageWidth, imageHeight * 1.5) * 0.035));
  const margin = Math.round(fontSize * 0.6);
  const spark = fontSize * 0.9;
  const textWidth = Math.ceil(text.length * fontSize * 0.72);
  const width = Math.min(imageWidth, Math.ceil(margin * 2 + spark + fontSize * 0.35 + textWidth));
  const height = Math.min(imageHeight, Math.ceil(fontSize * 1.4 + margin));
  const cx = Math.max(spark / 2, width - margin - textWidth - fontSize * 0.3 - spark / 2);
  const cy = height - margin - fontSize * 0.38;
  const r = spark / 2;
  const q = r * 0.22;
  const sparkPath =
    `M${cx} ${cy - r} Q${cx + q} ${cy - q} ${cx + r} ${cy} Q${cx + q} ${cy + q} ${cx} ${cy + r} ` +
    `Q${cx - q} ${cy + q} ${cx - r} ${cy} Q${cx - q} ${cy - q} ${cx} ${cy - r}Z`;
  const outline = `stroke="#000" stroke-opacity="0.3" stroke-width="${(fontSize / 18).toFixed(2)}"`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<path d="${sparkPath}" fill="#fff" fill-opacity="0.8" ${outline}/>` +
      `<text x="${width - margin}" y="${height - margin}" text-anchor="end" ` +
      `font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}" ` +
      `fill="#fff" fill-opacity="0.8" ${outline}>${escapeXml(text)}</text></svg>`,
  );
}

/** The mark for one picture size, rendered once: straight RGBA pixels, ready to composite. */
export type WatermarkOverlay = { rgba: Buffer; width: number; height: number };

/** Sizes in use at once are few (a handful of ratios × resolutions), so a small cache does. */
const OVERLAY_CACHE_SIZE = 64;
const overlays = new Map<string, Promise<WatermarkOverlay>>();

/**
 * The mark for a `width`×`height` picture, rendered from SVG on first use and then kept:
 * rendering text through librsvg and fontconfig costs far more than compositing the pixels,
 * and every output of one size gets the same mark.
 */
export function watermarkOverlay(
  width: number,
  height: number,
  text = 'Lumen',
): Promise<WatermarkOverlay> {
  const key = `${width}x${height}:${text}`;
  let overlay = overlays.get(key);
  if (!overlay) {
    overlay = sharp(watermarkSvg(width, height, text))
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ rgba: data, width: info.width, height: info.height }));
    overlay.catch(() => overlays.delete(key));
    if (overlays.size >= OVERLAY_CACHE_SIZE) {
      const oldest = overlays.keys().next().value;
      if (oldest !== undefined) overlays.delete(oldest);
    }
    overlays.set(key, overlay);
  }
  return overlay;
}

/** The watermarked twin of an image (spec §6 `_wm` keys), as PNG, in one decode and encode. */
export async function makeWatermarked(
  bytes: Buffer,
  text = 'Lumen',
  known?: Omit<ImageMeta, 'format'>,
): Promise<Buffer> {
  const meta = known ?? (await readImageMeta(bytes));
  if (!meta) throw new Error('cannot watermark: not a readable image');
  const mark = await watermarkOverlay(meta.width, meta.height, text);
  const marked = sharp(bytes, decodeOptions)
    .rotate()
    .composite([
      {
        input: mark.rgba,
        raw: { width: mark.width, height: mark.height, channels: 4 },
        gravity: 'southeast',
      },
    ]);
  // The mark's transparency must not add an alpha channel the original did not have.
  return (meta.hasAlpha ? marked : marked.removeAlpha()).png().toBuffer();
}

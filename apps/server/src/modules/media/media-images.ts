import sharp from 'sharp';

/** Format and size of an image from its bytes; undefined when sharp cannot read it. */
export async function readImageMeta(
  bytes: Buffer,
): Promise<{ format: string; width: number; height: number } | undefined> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !meta.width || !meta.height) return undefined;
    // EXIF-rotated photos are shown turned, so their sides are judged turned too.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      format: meta.format,
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
    };
  } catch {
    return undefined;
  }
}

/** A WebP preview `width` px wide (never enlarged), turned upright. */
export function makeThumbnail(bytes: Buffer, width: number): Promise<Buffer> {
  return sharp(bytes)
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

/** The watermarked twin of an image (spec §6 `_wm` keys), as PNG. */
export async function makeWatermarked(bytes: Buffer, text = 'Lumen'): Promise<Buffer> {
  const upright = await sharp(bytes).rotate().png().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  const marked = await sharp(upright.data)
    .composite([{ input: watermarkSvg(width, height, text), gravity: 'southeast' }])
    .png()
    .toBuffer();
  // The mark's transparency must not add an alpha channel the original did not have.
  return channels === 4 ? marked : sharp(marked).removeAlpha().png().toBuffer();
}

import sharp from 'sharp';

/** The longest side of a live preview: the card blurs it, so detail would be wasted bytes. */
const PREVIEW_SIDE = 64;

/**
 * A preview as a small JPEG data URL, small enough for one event on the stream (and one
 * PostgreSQL NOTIFY between API nodes, under 8000 bytes). Rejects what is not a picture.
 */
export async function previewDataUrl(image: Buffer): Promise<string> {
  const jpeg = await sharp(image, { limitInputPixels: 4096 * 4096 })
    .resize(PREVIEW_SIDE, PREVIEW_SIDE, { fit: 'inside' })
    .flatten({ background: '#808080' })
    .jpeg({ quality: 55 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

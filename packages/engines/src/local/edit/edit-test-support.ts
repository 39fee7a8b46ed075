import sharp from 'sharp';

/** An SVG drawing rendered to an opaque PNG of the given size. */
export function drawPng(width: number, height: number, body: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
}

/** A mask PNG: black, with white rectangles where the edit goes. */
export function rectMask(
  width: number,
  height: number,
  rects: Array<{ x: number; y: number; w: number; h: number }>,
): Promise<Buffer> {
  const body = rects
    .map((r) => `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="#fff"/>`)
    .join('');
  return drawPng(width, height, `<rect width="100%" height="100%" fill="#000"/>${body}`);
}

export type Raw = { data: Buffer; width: number; height: number; channels: number };

export async function decodeRaw(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Mean colour of the pixels `inside` accepts. */
export function meanColour(img: Raw, inside: (x: number, y: number) => boolean): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!inside(x, y)) continue;
      const i = (y * img.width + x) * img.channels;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (img.data[i + c] ?? 0);
      n++;
    }
  }
  return sum.map((s) => s / Math.max(1, n));
}

/** Pixels (x, y) where two same-sized pictures differ, among those `where` accepts. */
export function countDifferences(a: Raw, b: Raw, where: (x: number, y: number) => boolean): number {
  let n = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * a.width + x) * a.channels;
      const j = (y * b.width + x) * b.channels;
      for (let c = 0; c < 3; c++) {
        if (a.data[i + c] !== b.data[j + c]) {
          n++;
          break;
        }
      }
    }
  }
  return n;
}

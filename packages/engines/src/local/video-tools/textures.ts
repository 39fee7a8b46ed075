import sharp from 'sharp';
import { previewMarkPosition, previewMarkSvg } from '../preview-mark';
import { mixSeeds } from '../prng';
import { noiseField } from '../texture';

/**
 * Still pictures the video filters read: paper, displacement maps and the PREVIEW mark. They
 * hold still while the clip plays, as paper and a canvas would, and are a pure function of
 * their size and seed.
 */

/** Warm rice paper: fine fibres over faint blotches, near white (it is multiplied in). */
export function paperTexture(width: number, height: number, seed: number): Promise<Buffer> {
  const fibres = noiseField(width, height, 2, mixSeeds(seed, 1));
  const grain = noiseField(width, height, 7, mixSeeds(seed, 2));
  const blotches = noiseField(width, height, 90, mixSeeds(seed, 3));
  const rgb = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const v = 238 + 4 * fibres[p]! + 4 * grain[p]! + 7 * blotches[p]!;
    rgb[p * 3] = Math.min(255, v + 6);
    rgb[p * 3 + 1] = Math.min(255, v + 1);
    rgb[p * 3 + 2] = Math.min(255, v - 10);
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export type DisplacementKind = 'swirl' | 'wobble' | 'warp';

/** Feature size and reach in pixels, at a 720-pixel-high frame. */
const displacement: Record<DisplacementKind, { cell: number; reach: number }> = {
  // Van Gogh: medium eddies that smear colour along curling lines.
  swirl: { cell: 14, reach: 2.5 },
  // Watercolour: small wobbles of the wash's edges.
  wobble: { cell: 12, reach: 1.5 },
  // Abstract: large flowing shapes.
  warp: { cell: 160, reach: 25 },
};

/**
 * A pair of displacement maps for ffmpeg's `displace` (grey, 128 = stay, n = move n − 128 px).
 * The y map is the x map's noise turned a quarter, so the pixels flow along the noise's
 * contours (a curl) rather than bunching up.
 */
export async function displacementMaps(
  kind: DisplacementKind,
  width: number,
  height: number,
  seed: number,
): Promise<{ dx: Buffer; dy: Buffer }> {
  const scale = height / 720;
  const { cell, reach } = displacement[kind];
  const size = Math.max(2, cell * scale);
  const potential = noiseField(width, height, size, mixSeeds(seed, 0xd1));
  const dx = Buffer.alloc(width * height);
  const dy = Buffer.alloc(width * height);
  // The curl of the potential, normalised so its typical slope reaches `reach` pixels.
  const gain = (reach * scale * size) / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const gx =
        potential[Math.min(width - 1, x + 1) + y * width]! -
        potential[Math.max(0, x - 1) + y * width]!;
      const gy =
        potential[x + Math.min(height - 1, y + 1) * width]! -
        potential[x + Math.max(0, y - 1) * width]!;
      dx[p] = Math.max(0, Math.min(255, Math.round(128 + gain * gy)));
      dy[p] = Math.max(0, Math.min(255, Math.round(128 - gain * gx)));
    }
  }
  const png = (data: Buffer) =>
    sharp(data, { raw: { width, height, channels: 1 } })
      .png()
      .toBuffer();
  return { dx: await png(dx), dy: await png(dy) };
}

/** The PREVIEW mark on a transparent frame-sized picture, where still previews put it. */
export async function previewMarkPng(width: number, height: number): Promise<Buffer> {
  const mark = previewMarkSvg(Math.min(width, height));
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: Buffer.from(mark.svg), ...previewMarkPosition(width, height) }])
    .png()
    .toBuffer();
}

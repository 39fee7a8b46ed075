import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

/**
 * Real photographs for face tests, read from the demo folder of @vladmandic/face-api (MIT,
 * installed with the engines) rather than copied into this repository: `sample1.jpg` is a
 * 1920×1280 photo of three people side by side.
 */
export function readGroupPhoto(): Promise<Buffer> {
  const root = dirname(require.resolve('@vladmandic/face-api/package.json'));
  return readFile(join(root, 'demo', 'sample1.jpg'));
}

/** A 500×640 head-and-shoulders crop of the left person in the group photo: one clear face. */
export async function readPortraitPhoto(): Promise<Buffer> {
  return sharp(await readGroupPhoto())
    .extract({ left: 300, top: 150, width: 500, height: 640 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A drawn picture with no face: a red ball on a plain pale background. */
export function makeFacelessPicture(side = 512): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">
    <rect width="100%" height="100%" fill="#e9edf2"/>
    <circle cx="${side / 2}" cy="${side / 2}" r="${side * 0.3}" fill="#c0392b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

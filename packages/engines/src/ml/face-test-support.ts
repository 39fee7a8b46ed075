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

/**
 * Five distinct pictures of the left person of the group photo, as a character's references
 * would be: different crops and scales, one mirrored, one turned a little, one warmer and one
 * greyer, all JPEG.
 */
export async function readCharacterPhotos(): Promise<Buffer[]> {
  const group = await readGroupPhoto();
  const crop = (left: number, top: number, width: number, height: number) =>
    sharp(group).extract({ left, top, width, height });
  return Promise.all([
    crop(300, 150, 500, 640).jpeg({ quality: 90 }).toBuffer(),
    crop(260, 120, 600, 700).flop().resize(480).jpeg({ quality: 88 }).toBuffer(),
    crop(330, 180, 440, 520).rotate(8, { background: '#808080' }).jpeg({ quality: 90 }).toBuffer(),
    crop(280, 140, 540, 620).modulate({ hue: 15, saturation: 1.2 }).jpeg().toBuffer(),
    crop(310, 160, 480, 600)
      .modulate({ saturation: 0.3, brightness: 0.9 })
      .resize(360)
      .jpeg()
      .toBuffer(),
  ]);
}

/** A head-and-shoulders crop of the group photo's middle person: someone else. */
export async function readOtherPersonPhoto(): Promise<Buffer> {
  return sharp(await readGroupPhoto())
    .extract({ left: 760, top: 120, width: 480, height: 620 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

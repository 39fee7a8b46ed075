import { describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../cancellation';
import { EditInputError } from './edit-image';
import { countDifferences, decodeRaw, drawPng, meanColour, rectMask } from './edit-test-support';
import { eraseMasked } from './erase';
import type { FillMethod } from './erase-fills';

const ground = '#4a7fb5';
const square = { x: 300, y: 180, w: 160, h: 140 };

async function redSquarePicture() {
  const image = await drawPng(
    768,
    512,
    `<rect width="100%" height="100%" fill="${ground}"/><rect x="${square.x}" y="${square.y}" width="${square.w}" height="${square.h}" fill="#e01010"/>`,
  );
  const mask = await rectMask(768, 512, [square]);
  return { image, mask };
}

/** Outside the square grown by `grow` px (a box is enough: the disc is inside it). */
const outsideGrown = (grow: number) => (x: number, y: number) =>
  x < square.x - grow ||
  x >= square.x + square.w + grow ||
  y < square.y - grow ||
  y >= square.y + square.h + grow;

describe('eraseMasked', () => {
  it.each<FillMethod>(['pyramid', 'telea', 'navier-stokes', 'membrane'])(
    'fills a red square on a flat ground with the ground (%s), leaving the rest untouched',
    async (method) => {
      const { image, mask } = await redSquarePicture();
      const out = await eraseMasked(image, mask, { method });
      expect([out.width, out.height]).toEqual([768, 512]);
      const before = await decodeRaw(image);
      const after = await decodeRaw(out.bytes);
      expect([after.width, after.height]).toEqual([768, 512]);
      expect(countDifferences(before, after, outsideGrown(4))).toBe(0);
      const inside = meanColour(after, (x, y) => !outsideGrown(0)(x, y));
      // Telea drifts a few levels over a hole this deep; the ground is 74, 127, 181.
      const want = [0x4a, 0x7f, 0xb5];
      inside.forEach((got, c) => expect(Math.abs(got - (want[c] ?? 0))).toBeLessThan(12));
      expect(out.description).toMatch(/dilated by 3 px/);
    },
  );

  it('continues a gradient across the hole', async () => {
    const grad =
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>';
    const truth = await decodeRaw(await drawPng(400, 300, grad));
    const image = await drawPng(400, 300, `${grad}<circle cx="200" cy="150" r="70" fill="#f00"/>`);
    const mask = await drawPng(400, 300, '<circle cx="200" cy="150" r="70" fill="#fff"/>');
    const after = await decodeRaw((await eraseMasked(image, mask)).bytes);
    let err = 0;
    let n = 0;
    for (let y = 80; y < 220; y++) {
      for (let x = 130; x < 270; x++) {
        if ((x - 200) ** 2 + (y - 150) ** 2 > 70 ** 2) continue;
        const i = (y * 400 + x) * 3;
        err += Math.abs((after.data[i] ?? 0) - (truth.data[i] ?? 0));
        n++;
      }
    }
    expect(err / n).toBeLessThan(6);
  });

  it('takes a mask of another size, stretched to the picture', async () => {
    const { image } = await redSquarePicture();
    const half = await rectMask(384, 256, [{ x: 150, y: 90, w: 80, h: 70 }]);
    const after = await decodeRaw((await eraseMasked(image, half)).bytes);
    const inside = meanColour(after, (x, y) => !outsideGrown(0)(x, y));
    expect(inside[0]).toBeLessThan(100);
  });

  it('keeps a transparent picture transparent around the hole', async () => {
    const image = await (
      await import('sharp')
    )
      .default({
        create: {
          width: 200,
          height: 200,
          channels: 4,
          background: { r: 10, g: 200, b: 10, alpha: 0.5 },
        },
      })
      .png()
      .toBuffer();
    const mask = await rectMask(200, 200, [{ x: 50, y: 50, w: 60, h: 60 }]);
    const after = await decodeRaw((await eraseMasked(image, mask)).bytes);
    expect(after.channels).toBe(4);
    expect(after.data[3]).toBe(128);
    expect(after.data[(80 * 200 + 80) * 4 + 3]).toBe(128);
  });

  it('refuses an empty mask and bytes that are not a picture', async () => {
    const { image } = await redSquarePicture();
    const empty = await rectMask(768, 512, []);
    await expect(eraseMasked(image, empty)).rejects.toMatchObject({ problem: 'empty_mask' });
    await expect(eraseMasked(Buffer.from('not a png'), empty)).rejects.toBeInstanceOf(
      EditInputError,
    );
  });

  it('reports progress up to 1 and stops when cancelled', async () => {
    const { image, mask } = await redSquarePicture();
    const seen: number[] = [];
    await eraseMasked(image, mask, { report: async (f) => void seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const controller = new AbortController();
    controller.abort();
    await expect(eraseMasked(image, mask, { signal: controller.signal })).rejects.toBeInstanceOf(
      EngineCancelledError,
    );
  });
});

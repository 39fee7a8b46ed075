import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { starterShopTemplates, type ProductShotSettings } from '@lumen/contracts/ecommerce';
import { cropToSubject, renderProductShots } from './product-shot';

/** A cut-out as IS-Net gives it: a solid blue box, and faint haze (alpha 40–110) around it. */
async function hazyCutOut() {
  const width = 400;
  const height = 400;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const inBox = x >= 150 && x < 250 && y >= 100 && y < 340;
      const haze = (x * 7 + y * 13) % 5 === 0;
      data.set(inBox ? [20, 60, 200, 255] : [120, 120, 120, haze ? 110 : 40], i);
    }
  }
  const bytes = await sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { bytes, width, height };
}

const tpl = starterShopTemplates.find((t) => t.id === 'starter-tech')!;

const settings = (over: Partial<ProductShotSettings> = {}): ProductShotSettings => ({
  product: { length: 10, width: 10, height: 30 },
  category: 'electronics',
  template: { id: tpl.id, size: tpl.size, scene: tpl.scene },
  sizes: ['1:1', '16:9'],
  text: { title: 'Blue Box', points: ['Sturdy'], price: '$5' },
  ...over,
});

async function pixel(png: Buffer, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

describe('product pictures', () => {
  it('keeps the product and clears the model’s haze around it', async () => {
    const product = await cropToSubject(await hazyCutOut());
    expect(product).toMatchObject({ width: 100, height: 240, found: true });
  });

  it('stands the product on the scene at each marketplace size, its height by real size', async () => {
    const product = await cropToSubject(await hazyCutOut());
    const [square, banner] = await renderProductShots([product], settings());
    expect([square!.width, square!.height, banner!.width, banner!.height]).toEqual([
      800, 800, 1600, 900,
    ]);
    // The scene's navy ground in the corners: no grey veil from the haze.
    const corner = await pixel(banner!.bytes, 1590, 10);
    expect(corner[2]! - corner[0]!).toBeGreaterThan(20);
    // The product (blue) in the middle of the banner's stage.
    const middle = await pixel(banner!.bytes, Math.round(1600 * 0.72), 450);
    expect(middle).toEqual([20, 60, 200]);

    // Twice the height against the same scene: a taller product on the picture.
    const blueRows = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const x = Math.round(info.width * 0.72);
      let rows = 0;
      for (let y = 0; y < info.height; y++) {
        const at = (y * info.width + x) * info.channels;
        if (data[at] === 20 && data[at + 1] === 60 && data[at + 2] === 200) rows++;
      }
      return rows;
    };
    const [, small] = await renderProductShots(
      [product],
      settings({ product: { length: 5, width: 5, height: 12 } }),
    );
    expect(await blueRows(banner!.bytes)).toBeGreaterThan((await blueRows(small!.bytes)) * 1.8);
  });

  it('draws a title in the template’s text colour', async () => {
    const product = await cropToSubject(await hazyCutOut());
    const withText = await renderProductShots([product], settings({ sizes: ['16:9'] }));
    const without = await renderProductShots(
      [product],
      settings({ sizes: ['16:9'], text: { title: '', points: [], price: '' } }),
    );
    const light = async (png: Buffer) => {
      const { data, info } = await sharp(png)
        .extract({ left: 0, top: 0, width: 700, height: 900 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 0; i < data.length; i += info.channels) if ((data[i] ?? 0) > 230) n++;
      return n;
    };
    expect(await light(withText[0]!.bytes)).toBeGreaterThan(500);
    expect(await light(without[0]!.bytes)).toBe(0);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpToolRuns, pixelsAt, productShot } from '../../../test/support/tool-runs';

const { api, runs, gateway } = setUpToolRuns();

async function firstTemplateId(ticket: string): Promise<string> {
  const list = await api.call('GET', '/prod-api/content/ecommerce/templates', ticket);
  return list.result.data[0].id as string;
}

describe('product images', () => {
  it('stages a product photo at the marketplace sizes, 1 credit per picture', async () => {
    const { ticket } = await runs.userWithGrade('shot-plus@example.com', 2);
    const photo = await runs.upload(ticket, await productShot(600));
    const template = await firstTemplateId(ticket);
    const before = await api.credits(ticket);
    const submitted = await api.call('POST', gateway('product_shot'), ticket, {
      images: [photo],
      params: {
        length_cm: 20,
        width_cm: 10,
        height_cm: 30,
        template,
        title: 'Red Ball',
        points: ['Bounces high'],
        price: '$9',
      },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(3);
    const result = await runs.waitForFinal(
      ticket,
      gateway('product_shot'),
      submitted.result.task_id,
    );
    expect(result.status).toBe('done');
    expect(await api.credits(ticket)).toBe(before - 3);
    const outputs = result.sub_task_results as { url: string }[];
    expect(outputs).toHaveLength(3);
    const sizes = await Promise.all(
      outputs.map(async (o) => {
        const meta = await sharp(await runs.fetchBytes(o.url)).metadata();
        return [meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [800, 800],
      [900, 1200],
      [1600, 900],
    ]);
    // The square: the ball (cut out of its pale ground) stands mid-stage on the scene.
    const square = await runs.fetchBytes(outputs[0]!.url);
    const [corner, middle] = await pixelsAt(square, [
      [790, 400],
      [400, 560],
    ]);
    expect(corner![0]! - corner![2]!).toBeLessThan(30);
    expect(middle![0]!).toBeGreaterThan(150);
    expect(middle![1]!).toBeLessThan(90);
  }, 300_000);

  it('refuses a product without its length, width and height, and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('shot-size@example.com', 2);
    const photo = await runs.upload(ticket, await productShot(400));
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('product_shot'), ticket, {
      images: [photo],
      params: { length_cm: 20, width_cm: 10 },
    });
    expect(res.code).toBe(1001);
    expect(res.message).toBe("Enter the product's length, width and height in cm");
    const zh = await api.call(
      'POST',
      gateway('product_shot'),
      ticket,
      { images: [photo], params: {} },
      { 'x-accept-language': 'zh' },
    );
    expect(zh.message).toBe('请填写商品的长、宽、高（厘米）');
    const unknown = await api.call('POST', gateway('product_shot'), ticket, {
      images: [photo],
      params: { length_cm: 20, width_cm: 10, height_cm: 30, template: '999999' },
    });
    expect(unknown.code).toBe(1001);
    expect(unknown.message).toBe('Template not found');
    const four = await Promise.all(
      [0, 1, 2, 3].map(async () => runs.upload(ticket, await productShot(400))),
    );
    const tooMany = await api.call('POST', gateway('product_shot'), ticket, {
      images: four,
      params: { length_cm: 20, width_cm: 10, height_cm: 30 },
    });
    expect(tooMany.code).toBe(1001);
    expect(await api.credits(ticket)).toBe(before);
  });

  it('is a subscriber tool: a free user gets 2020 and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('shot-free@example.com', 0);
    const photo = await runs.upload(ticket, await productShot(400));
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('product_shot'), ticket, {
      images: [photo],
      params: { length_cm: 20, width_cm: 10, height_cm: 30 },
    });
    expect(res.code).toBe(2020);
    expect(await api.credits(ticket)).toBe(before);
  });
});

describe('model images', () => {
  it('answers a labelled preview on the CPU', async () => {
    const { ticket } = await runs.userWithGrade('model-plus@example.com', 2);
    const photo = await runs.upload(ticket, await productShot(400));
    const submitted = await api.call('POST', gateway('product_on_model'), ticket, {
      images: [photo],
      params: { model: 'man', pose: 'hold' },
    });
    expect(submitted.code).toBe(0);
    expect(submitted.result.cost).toBe(1);
    const result = await runs.waitForFinal(
      ticket,
      gateway('product_on_model'),
      submitted.result.task_id,
    );
    expect(result.status).toBe('done');
    expect(result.sub_task_results).toHaveLength(1);
    expect(JSON.stringify(result)).toMatch(/[Pp]review/);
  }, 300_000);
});

describe('image translation', () => {
  /** Black "SALE" on white: the line a user translates. */
  async function saleSign(): Promise<Buffer> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="80" y="180" font-family="DejaVu Sans" font-size="80" font-weight="bold" fill="#101010">SALE</text></svg>`;
    return sharp(Buffer.from(svg)).png().toBuffer();
  }

  it('refuses the same source and target language, and holds nothing', async () => {
    const { ticket } = await runs.userWithGrade('translate-same@example.com', 2);
    const image = await runs.upload(ticket, await saleSign());
    const before = await api.credits(ticket);
    const res = await api.call('POST', gateway('image_translate'), ticket, {
      images: [image],
      params: { source: 'en', target: 'en' },
    });
    expect(res.code).toBe(1001);
    expect(res.message).toBe('The source and target languages must differ');
    expect(await api.credits(ticket)).toBe(before);
  });

  it('replaces a typed line: the old word inpainted away, the new one drawn in its ink', async () => {
    const { ticket } = await runs.userWithGrade('translate-lines@example.com', 2);
    const picture = await saleSign();
    const image = await runs.upload(ticket, picture);
    const submitted = await api.call('POST', gateway('image_translate'), ticket, {
      images: [image],
      params: {
        source: 'en',
        target: 'es',
        lines: [
          { text: 'SALE', translation: 'OFERTA', box: { x: 76, y: 118, width: 230, height: 66 } },
        ],
      },
    });
    expect(submitted.code).toBe(0);
    const result = await runs.waitForFinal(
      ticket,
      gateway('image_translate'),
      submitted.result.task_id,
    );
    expect(result.status).toBe('done');
    const out = await runs.fetchBytes(result.sub_task_results[0].url);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([600, 400]);
    const { data, info } = await sharp(out)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = (x0: number, x1: number) => {
      let n = 0;
      for (let y = 110; y < 195; y++) {
        for (let x = x0; x < x1; x++) if ((data[(y * info.width + x) * 3] ?? 255) < 80) n++;
      }
      return n;
    };
    // OFERTA is longer than SALE: it runs past SALE's end, in the same near-black ink, and
    // is fitted to the room beside the box rather than off the picture.
    expect(dark(80, 300)).toBeGreaterThan(1500);
    expect(dark(305, 420)).toBeGreaterThan(100);
    expect(dark(440, 600)).toBe(0);
    const [far] = await pixelsAt(out, [[550, 350]]);
    expect(far!.slice(0, 3)).toEqual([255, 255, 255]);
  }, 300_000);
});

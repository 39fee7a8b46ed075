import { engineSettingsSchema } from '@lumen/contracts/generation';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../comfyui/fake-png';
import { makeIo, makeTask } from '../comfyui/test-support';
import { ERASE_PROMPT } from '../edit-images';
import { createFalEngine } from '../fal/fal-engine';
import { startFakeFal, type FakeFal } from '../fal/fake-fal-server';
import { planModel } from './model-table';

const key = 'fal-id:fal-secret';
let fake: FakeFal | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeFal({ key });
  return { fake, engine: createFalEngine({ queueUrl: fake.baseUrl, key, pollMs: 10 }) };
}

const submitted = (f: FakeFal) => f.requests.filter((r) => r.method === 'POST');

function decodeDataUri(uri: unknown): Buffer {
  const match = /^data:image\/png;base64,(.+)$/.exec(String(uri));
  if (!match?.[1]) throw new Error(`not a PNG data URI: ${String(uri).slice(0, 40)}`);
  return Buffer.from(match[1], 'base64');
}

/** Half the picture's size, same shape: a white box in the middle on black. */
function halfSizeMask(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width / 2}" height="${height / 2}">
    <rect width="100%" height="100%" fill="#000"/>
    <rect x="${width / 8}" y="${height / 8}" width="${width / 4}" height="${height / 4}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}

const colour: [number, number, number] = [10, 20, 30];

describe('editing tools on a hosted API (fal)', () => {
  it('repaints with FLUX Fill: the mask goes at the picture’s size, the result keeps the rest', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(320, 240, colour), mask: await halfSizeMask(320, 240) });

    const [output] = await engine.run(
      makeTask('inpaint', { prompt: 'a blue vase' }, ['photo'], ['mask']),
      io,
    );

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/flux-pro/v1/fill');
    expect(submit?.json).toMatchObject({ prompt: 'a blue vase', num_images: 1, seed: 1234 });
    const body = submit?.json as Record<string, unknown>;
    const mask = await sharp(decodeDataUri(body.mask_url)).metadata();
    expect([mask.width, mask.height]).toEqual([320, 240]);
    expect(decodeDataUri(body.image_url).equals(createPng(320, 240, colour))).toBe(true);

    expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: 320, height: 240 });
    expect(await pixel(output!.bytes, 2, 2)).toEqual(colour);
    expect(await pixel(output!.bytes, 160, 120)).not.toEqual(colour);
  });

  it('erases with Bria: image and mask only, no words', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(300, 300), mask: await halfSizeMask(300, 300) });

    await engine.run(makeTask('erase', { prompt: 'whatever' }, ['photo'], ['mask']), io);

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/bria/eraser');
    expect(Object.keys(submit?.json as object).sort()).toEqual([
      'image_url',
      'mask_type',
      'mask_url',
    ]);
  });

  it('expands with Bria: the canvas and where the picture sits on it, the original kept in place', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(400, 300, colour) });
    const outpaint = { left: 100, right: 50, top: 0, bottom: 60 };

    const [output] = await engine.run(
      makeTask('outpaint', { prompt: '', outpaint }, ['photo']),
      io,
    );

    const [submit] = submitted(fake);
    expect(submit?.path).toBe('/fal-ai/bria/expand');
    expect(submit?.json).toMatchObject({
      canvas_size: [550, 360],
      original_image_size: [400, 300],
      original_image_location: [100, 0],
    });
    expect(submit?.json).not.toHaveProperty('prompt');
    expect(output).toMatchObject({ width: 550, height: 360 });
    expect(await pixel(output!.bytes, 100, 0)).toEqual(colour);
    expect(await pixel(output!.bytes, 499, 299)).toEqual(colour);
    expect(await pixel(output!.bytes, 10, 350)).not.toEqual(colour);
  });

  it('refuses a repaint without a mask and an expand without its sides, sending nothing', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(300, 300) });
    await expect(engine.run(makeTask('inpaint', {}, ['photo']), io)).rejects.toMatchObject({
      reason: 'bad_input',
      message: 'inpaint needs a mask',
    });
    await expect(engine.run(makeTask('outpaint', {}, ['photo']), io)).rejects.toMatchObject({
      reason: 'bad_input',
    });
    expect(submitted(fake)).toEqual([]);
  });
});

describe('an admin’s fill model for the eraser', () => {
  it('is asked for the neutral background, whatever the user typed', () => {
    const plan = planModel('replicate', 'erase', { model: 'black-forest-labs/flux-fill-dev' });
    expect(plan.family).toBe('flux-fill');
    const input = plan.input({
      taskType: 'erase',
      settings: engineSettingsSchema.parse({ prompt: 'a dragon', seed: 3 }),
      media: { images: ['https://x/p.png'], masks: ['https://x/m.png'], videos: [], audios: [] },
      count: 1,
      seed: 3,
    });
    expect(input).toMatchObject({
      prompt: ERASE_PROMPT,
      image: 'https://x/p.png',
      mask: 'https://x/m.png',
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { starterShopTemplates } from '@lumen/contracts/ecommerce';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { makeIo, makeTask, nodeOf } from './test-support';

let fake: FakeComfyUi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeComfyUi();
  const engine = createComfyUiEngine({ baseUrl: fake.baseUrl, pollIntervalMs: 10 });
  return { fake, engine };
}

const starter = starterShopTemplates[0]!;

describe('comfyui e-commerce tools', () => {
  it('stages a product: cut out onto white, then Kontext at the marketplace size', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(640, 480) });
    const task = makeTask(
      'product_shot',
      {
        prompt: 'Professional e-commerce photo of this product on a studio set',
        ratio: '1:1',
        size: 1024,
        productShot: {
          product: { length: 20, width: 10, height: 30 },
          category: 'general',
          template: { id: starter.id, size: starter.size, scene: starter.scene },
          sizes: ['1:1'],
          text: { title: '', points: [], price: '' },
        },
      },
      ['photo'],
    );

    const outputs = await engine.run(task, io);

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'BiRefNetRMBG')).toMatchObject({ background: 'Color' });
    expect(nodeOf(prompt, 'CLIPTextEncode').text).toBe(
      'Professional e-commerce photo of this product on a studio set',
    );
    expect(nodeOf(prompt, 'ImageScale')).toMatchObject({ width: 1024, height: 1024 });
    expect(nodeOf(prompt, 'KSampler')).toMatchObject({ seed: 1234 });
    expect(outputs[0]).toMatchObject({ kind: 'image', width: 1024, height: 1024 });
  });

  it('puts the product on a model with the gateway’s instruction', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(512, 512) });
    const task = makeTask(
      'product_on_model',
      { prompt: 'A man fashion model holding this product', ratio: '3:4', size: 1024 },
      ['photo'],
    );

    await engine.run(task, io);

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'BiRefNetRMBG').image).toBeDefined();
    expect(nodeOf(prompt, 'ImageScale')).toMatchObject({ width: 768, height: 1024 });
  });

  it('translates a picture at its own size, without cutting anything out', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(600, 400) });
    const task = makeTask(
      'image_translate',
      {
        prompt: 'Translate all the text in this picture from English to Spanish',
        imageTranslate: { source: 'en', target: 'es' },
      },
      ['photo'],
    );

    const [output] = await engine.run(task, io);

    const prompt = fake.prompts[0]?.prompt;
    expect(Object.values(prompt ?? {}).some((n) => n.class_type === 'BiRefNetRMBG')).toBe(false);
    expect(nodeOf(prompt, 'ImageScale')).toMatchObject({ width: 600, height: 400 });
    expect(output).toMatchObject({ kind: 'image', width: 600, height: 400 });
  });
});

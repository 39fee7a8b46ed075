import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from './comfyui-engine';
import type { WorkflowGraph } from './comfyui-schemas';
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

/** A mask at half the picture's size (same shape): white box in the middle, black around. */
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

/** The node a link points at. */
function linked(graph: WorkflowGraph | undefined, link: unknown): WorkflowGraph[string] {
  const [id] = link as [string, number];
  const node = graph?.[id];
  if (!node) throw new Error(`no node ${id}`);
  return node;
}

const picture = [10, 20, 30] as [number, number, number];

describe('comfyui editing tools', () => {
  it('repaints: uploads the mask at the picture’s size, links it, and keeps the rest of the picture', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(640, 480, picture), mask: await halfSizeMask(640, 480) });
    const task = makeTask('inpaint', { prompt: 'a red scarf' }, ['photo'], ['mask']);

    const outputs = await engine.run(task, io);

    expect(fake.uploads.map((u) => u.filename)).toEqual([
      'lumen-task-inpaint-0.png',
      'lumen-task-inpaint-mask.png',
    ]);
    const mask = await sharp(fake.uploads[1]!.bytes).metadata();
    expect([mask.width, mask.height]).toEqual([640, 480]);

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'UNETLoader').unet_name).toBe('flux1-fill-dev.safetensors');
    expect(nodeOf(prompt, 'LoadImageMask')).toEqual({
      image: 'lumen-task-inpaint-mask.png',
      channel: 'red',
    });
    const grow = nodeOf(prompt, 'GrowMask');
    expect(linked(prompt, grow.mask).class_type).toBe('LoadImageMask');
    const conditioning = nodeOf(prompt, 'InpaintModelConditioning');
    expect(linked(prompt, conditioning.mask).class_type).toBe('GrowMask');
    expect(linked(prompt, nodeOf(prompt, 'ImageCompositeMasked').mask).class_type).toBe('GrowMask');
    expect(linked(prompt, conditioning.pixels).inputs).toMatchObject({
      width: 1184,
      height: 880,
    });
    expect(nodeOf(prompt, 'FluxGuidance').guidance).toBe(30);
    expect(nodeOf(prompt, 'KSampler')).toMatchObject({ seed: 1234, steps: 20, denoise: 1 });
    expect(linked(prompt, nodeOf(prompt, 'FluxGuidance').conditioning).inputs.text).toBe(
      'a red scarf',
    );

    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ kind: 'image', width: 640, height: 480 });
    // The fake paints its whole canvas; only the masked middle may show it.
    expect(await pixel(outputs[0]!.bytes, 320, 240)).toEqual([200, 120, 40]);
    expect(await pixel(outputs[0]!.bytes, 3, 3)).toEqual(picture);
  });

  it('erases with a neutral prompt and a wider mask, whatever prompt came along', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(512, 512), mask: await halfSizeMask(512, 512) });

    await engine.run(makeTask('erase', { prompt: 'ignored' }, ['photo'], ['mask']), io);

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'GrowMask').expand).toBe(16);
    const words = Object.values(prompt ?? {})
      .filter((n) => n.class_type === 'CLIPTextEncode')
      .map((n) => n.inputs.text);
    expect(words[0]).toBe('clean background, seamless continuation of the surroundings');
    expect(words).not.toContain('ignored');
  });

  it('expands: pads the canvas by the planned sides and saves the larger picture', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(400, 300, picture) });
    const outpaint = { left: 100, right: 100, top: 0, bottom: 50 };
    const task = makeTask('outpaint', { prompt: '  ', outpaint }, ['photo']);

    const [output] = await engine.run(task, io);

    expect(fake.uploads).toHaveLength(1);
    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'ImagePadForOutpaint')).toMatchObject({
      left: 100,
      right: 100,
      top: 0,
      bottom: 50,
      feathering: 24,
    });
    const conditioning = nodeOf(prompt, 'InpaintModelConditioning');
    expect(linked(prompt, conditioning.mask).class_type).toBe('ImagePadForOutpaint');
    expect(conditioning.mask).toEqual([expect.any(String), 1]);
    expect(linked(prompt, nodeOf(prompt, 'FluxGuidance').conditioning).inputs.text).toBe(
      'the same scene continued naturally beyond the edges, seamless',
    );
    expect(output).toMatchObject({ kind: 'image', width: 600, height: 350 });
    expect(await pixel(output!.bytes, 300, 150)).toEqual(picture);
    expect(await pixel(output!.bytes, 10, 10)).toEqual([200, 120, 40]);
  });

  it('edits by instruction with Kontext and answers at the picture’s size', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(900, 600) });

    const [output] = await engine.run(
      makeTask('image_edit', { prompt: 'make it night' }, ['photo']),
      io,
    );

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'UNETLoader').unet_name).toBe('flux1-kontext-dev.safetensors');
    expect(nodeOf(prompt, 'FluxGuidance').guidance).toBe(2.5);
    const reference = nodeOf(prompt, 'ReferenceLatent');
    expect(linked(prompt, reference.latent).class_type).toBe('VAEEncode');
    expect(linked(prompt, reference.conditioning).inputs.text).toBe('make it night');
    expect(output).toMatchObject({ kind: 'image', width: 900, height: 600 });
  });

  it('refuses a repaint without a mask, and an expand without its sides, before calling ComfyUI', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(320, 240) });

    await expect(engine.run(makeTask('inpaint', {}, ['photo']), io)).rejects.toMatchObject({
      reason: 'bad_input',
      message: 'inpaint needs a mask',
    });
    await expect(engine.run(makeTask('outpaint', {}, ['photo']), io)).rejects.toMatchObject({
      reason: 'bad_input',
    });
    expect(fake.uploads).toEqual([]);
    expect(fake.prompts).toEqual([]);
  });
});

import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../comfyui/fake-png';
import { makeIo, makeTask } from '../comfyui/test-support';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai-server';
import { OPENAI_ERASE_PROMPT } from './openai-edits';
import { createOpenAiEngine } from './openai-engine';

const apiKey = 'sk-test-0123456789';
let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup() {
  fake = await startFakeOpenAi({ apiKey });
  return { fake, engine: createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey }) };
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
  return [...data.subarray(at, at + info.channels)];
}

const colour: [number, number, number] = [10, 20, 30];

describe('openai engine: edits', () => {
  it('repaints: sends the picture and a transparent-where-edited mask, answers at the picture’s size', async () => {
    const { fake, engine } = await setup();
    const photo = createPng(900, 600, colour);
    const io = makeIo({ photo, mask: await halfSizeMask(900, 600) });

    const outputs = await engine.run(
      makeTask('inpaint', { prompt: 'a red scarf', count: 4 }, ['photo'], ['mask']),
      io,
    );

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/images/edits');
    expect(request?.fields).toEqual({
      model: 'gpt-image-1',
      prompt: 'a red scarf',
      n: '1',
      size: '1536x1024',
    });
    const image = request?.files?.find((f) => f.field === 'image');
    expect(image?.bytes.equals(photo)).toBe(true);
    const mask = request?.files?.find((f) => f.field === 'mask');
    expect(mask?.type).toBe('image/png');
    const meta = await sharp(mask!.bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([900, 600, true]);
    expect((await pixel(mask!.bytes, 450, 300))[3]).toBe(0);
    expect((await pixel(mask!.bytes, 5, 5))[3]).toBe(255);

    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ kind: 'image', mime: 'image/png', width: 900, height: 600 });
    expect((await pixel(outputs[0]!.bytes, 3, 3)).slice(0, 3)).toEqual(colour);
    expect((await pixel(outputs[0]!.bytes, 450, 300)).slice(0, 3)).not.toEqual(colour);
  });

  it('erases with its own instruction, whatever prompt came along', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(512, 512), mask: await halfSizeMask(512, 512) });

    await engine.run(makeTask('erase', { prompt: 'a dragon' }, ['photo'], ['mask']), io);

    expect(fake.requests[0]?.fields).toMatchObject({
      prompt: OPENAI_ERASE_PROMPT,
      size: '1024x1024',
    });
    expect(fake.requests[0]?.files?.map((f) => f.field)).toEqual(['image', 'mask']);
  });

  it('edits by instruction without a mask, in the API size nearest the picture, then at its size', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ photo: createPng(600, 900) });

    const [output] = await engine.run(
      makeTask('image_edit', { prompt: 'make it night' }, ['photo']),
      io,
    );

    expect(fake.requests[0]?.fields).toMatchObject({ prompt: 'make it night', size: '1024x1536' });
    expect(fake.requests[0]?.files?.map((f) => f.field)).toEqual(['image']);
    expect(output).toMatchObject({ width: 600, height: 900 });
  });

  it('refuses a repaint without a mask before calling the API', async () => {
    const { fake, engine } = await setup();
    await expect(
      engine.run(makeTask('inpaint', {}, ['photo']), makeIo({ photo: createPng(300, 300) })),
    ).rejects.toMatchObject({ reason: 'bad_input', message: 'inpaint needs a mask' });
    expect(fake.requests).toEqual([]);
  });
});

describe('the fake edits endpoint', () => {
  async function post(mask: Buffer): Promise<{ status: number; message: string }> {
    const { fake: server } = await setup();
    const form = new FormData();
    form.append('model', 'gpt-image-1');
    form.append('prompt', 'x');
    form.append('image', new Blob([new Uint8Array(createPng(64, 64))]), 'image.png');
    form.append('mask', new Blob([new Uint8Array(mask)]), 'mask.png');
    const res = await fetch(`${server.baseUrl}/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    const body = (await res.json()) as { error?: { message: string } };
    await server.close();
    fake = undefined;
    return { status: res.status, message: body.error?.message ?? '' };
  }

  it('refuses a mask without transparency, or of another size, as the API does', async () => {
    const rgba = (size: number) =>
      sharp({ create: { width: size, height: size, channels: 4, background: '#00000000' } })
        .png()
        .toBuffer();
    expect(await post(createPng(64, 64))).toMatchObject({
      status: 400,
      message: expect.stringContaining('alpha channel'),
    });
    expect(await post(await rgba(32))).toMatchObject({
      status: 400,
      message: expect.stringContaining('same dimensions'),
    });
    expect((await post(await rgba(64))).status).toBe(200);
  });
});

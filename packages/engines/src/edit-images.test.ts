import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { engineSettingsSchema, type EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';
import { finishEdit, fitMask, maskAsTransparency } from './edit-images';
import type { EngineOutput, EngineTask } from './engine';

function solid(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** White strokes on a transparent layer: a box over the middle of a width×height picture. */
function strokeMask(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

function task(
  taskType: TaskType,
  settings: Partial<EngineSettings> = {},
  masks?: string[],
): EngineTask {
  return {
    id: 't',
    taskType,
    settings: engineSettingsSchema.parse({ prompt: 'x', seed: 1, ...settings }),
    inputs: { images: ['picture'], videos: [], audios: [], ...(masks ? { masks } : {}) },
  };
}

const image = async (bytes: Buffer): Promise<EngineOutput> => {
  const meta = await sharp(bytes).metadata();
  return { kind: 'image', mime: 'image/png', bytes, width: meta.width, height: meta.height };
};

describe('masks', () => {
  it('fits a smaller mask drawn on a transparent layer to the picture, white where the edit goes', async () => {
    const fitted = await fitMask(await strokeMask(50, 25), { width: 200, height: 100 });
    const meta = await sharp(fitted).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([200, 100, 1]);
    expect((await pixel(fitted, 100, 50))[0]).toBe(255);
    expect((await pixel(fitted, 5, 5))[0]).toBe(0);
  });

  it('turns white into transparency for OpenAI, the rest opaque', async () => {
    const alpha = await maskAsTransparency(await strokeMask(200, 100), {
      width: 200,
      height: 100,
    });
    const meta = await sharp(alpha).metadata();
    expect([meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual([200, 100, 4, true]);
    expect((await pixel(alpha, 100, 50))[3]).toBe(0);
    expect((await pixel(alpha, 5, 5))[3]).toBe(255);
  });
});

describe('finishEdit', () => {
  it('lays a repaint back on the picture at its size, leaving what is far from the mask alone', async () => {
    const inputs: Record<string, Buffer> = {
      picture: await solid(400, 200, '#0000ff'),
      mask: await strokeMask(100, 50),
    };
    const io = { readInput: async (key: string) => inputs[key]! };
    // A model that answers at half size and shifts every colour.
    const model = await image(await solid(200, 100, '#ff0000'));

    const [out] = await finishEdit(task('inpaint', {}, ['mask']), io, [model]);

    expect(out).toMatchObject({ kind: 'image', mime: 'image/png', width: 400, height: 200 });
    expect(await pixel(out!.bytes, 200, 100)).toEqual([255, 0, 0]);
    expect(await pixel(out!.bytes, 5, 5)).toEqual([0, 0, 255]);
    expect(await pixel(out!.bytes, 395, 195)).toEqual([0, 0, 255]);
  });

  it('keeps an eraser’s result a band past the brush, so the object’s fringe stays gone', async () => {
    const inputs: Record<string, Buffer> = {
      picture: await solid(400, 200, '#0000ff'),
      mask: await strokeMask(100, 50),
    };
    const io = { readInput: async (key: string) => inputs[key]! };
    const model = await image(await solid(400, 200, '#ff0000'));

    const [out] = await finishEdit(task('erase', {}, ['mask']), io, [model]);

    // The brush ends at x = 300; the eraser's band is 16 px.
    expect((await pixel(out!.bytes, 314, 100))[0]).toBeGreaterThan(240);
    expect(await pixel(out!.bytes, 340, 100)).toEqual([0, 0, 255]);
  });

  it('brings an instruction edit to the picture’s size', async () => {
    const io = { readInput: async () => solid(300, 200, '#000000') };
    const [out] = await finishEdit(task('image_edit'), io, [
      await image(await solid(1024, 688, '#ffffff')),
    ]);
    const meta = await sharp(out!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);
    expect(out).toMatchObject({ width: 300, height: 200 });
  });

  it('sizes an expand to its planned canvas and keeps the original pixels in place', async () => {
    const io = { readInput: async () => solid(100, 100, '#0000ff') };
    const outpaint = { left: 20, right: 30, top: 10, bottom: 0 };
    const [out] = await finishEdit(task('outpaint', { outpaint }), io, [
      await image(await solid(75, 55, '#00ff00')),
    ]);
    expect(out).toMatchObject({ width: 150, height: 110 });
    expect(await pixel(out!.bytes, 20, 10)).toEqual([0, 0, 255]);
    expect(await pixel(out!.bytes, 119, 109)).toEqual([0, 0, 255]);
    expect(await pixel(out!.bytes, 5, 5)).toEqual([0, 255, 0]);
    expect(await pixel(out!.bytes, 140, 50)).toEqual([0, 255, 0]);
  });

  it('leaves other tools’ outputs and non-images alone', async () => {
    const io = { readInput: async () => solid(10, 10, '#000000') };
    const output = await image(await solid(64, 64, '#123456'));
    expect((await finishEdit(task('img2img'), io, [output]))[0]).toBe(output);
    const video: EngineOutput = { kind: 'video', mime: 'video/mp4', bytes: Buffer.from('x') };
    expect((await finishEdit(task('image_edit'), io, [video]))[0]).toBe(video);
  });
});

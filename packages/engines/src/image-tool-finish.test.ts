import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { engineSettingsSchema } from '@lumen/contracts/generation';
import type { EngineOutput, EngineTask } from './engine';
import { composeCutout, finishImageTool } from './image-tool-finish';

/** A 200×100 cut-out: a red square in the middle, transparent around it. */
async function cutout(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
    <rect x="75" y="25" width="50" height="50" fill="#ff0000"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

/** Two halves, left black and right white, to see how a picture was fitted. */
function halves(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#000"/>
    <rect x="${width / 2}" width="${width / 2}" height="100%" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe('composeCutout', () => {
  it('keeps a transparent cut-out as it is', async () => {
    const cut = await cutout();
    const out = await composeCutout(cut, { kind: 'transparent' });
    expect(out.bytes).toBe(cut);
  });

  it('lays it on a colour: opaque, the colour around, the subject on top', async () => {
    const out = await composeCutout(await cutout(), { kind: 'colour', colour: '#00ff00' });
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height, meta.hasAlpha, meta.channels]).toEqual([200, 100, false, 3]);
    expect(await pixel(out.bytes, 1, 1)).toEqual([0, 255, 0]);
    expect(await pixel(out.bytes, 100, 50)).toEqual([255, 0, 0]);
  });

  it('cover-fits a picture of another shape behind it', async () => {
    // A tall picture covering a wide cut-out keeps its middle band: still black then white.
    const out = await composeCutout(
      await cutout(),
      { kind: 'image' },
      { picture: await halves(300, 600) },
    );
    expect([out.width, out.height]).toEqual([200, 100]);
    expect((await sharp(out.bytes).metadata()).hasAlpha).toBe(false);
    expect(await pixel(out.bytes, 5, 5)).toEqual([0, 0, 0]);
    expect(await pixel(out.bytes, 195, 95)).toEqual([255, 255, 255]);
    expect(await pixel(out.bytes, 100, 50)).toEqual([255, 0, 0]);
  });

  it('blurs the original behind it: edges soften, far corners keep their colour', async () => {
    const original = await halves(200, 100);
    const out = await composeCutout(await cutout(), { kind: 'blur' }, { original });
    const [atSeam] = await pixel(out.bytes, 100, 5);
    expect(atSeam).toBeGreaterThan(40);
    expect(atSeam).toBeLessThan(215);
    expect((await pixel(out.bytes, 1, 50))[0]).toBeLessThan(30);
    expect((await pixel(out.bytes, 198, 50))[0]).toBeGreaterThan(225);
  });

  it('needs the picture its background names', async () => {
    await expect(composeCutout(await cutout(), { kind: 'image' })).rejects.toThrow(/picture/);
  });
});

const settings = engineSettingsSchema.parse({ prompt: '', seed: 1 });
const task = (over: Partial<EngineTask>): EngineTask => ({
  id: 't1',
  taskType: 'upscale',
  settings,
  inputs: { images: ['in.png'], videos: [], audios: [] },
  ...over,
});
const image = async (bytes: Buffer): Promise<EngineOutput> => {
  const meta = await sharp(bytes).metadata();
  return { kind: 'image', mime: 'image/png', bytes, width: meta.width, height: meta.height };
};

describe('finishImageTool', () => {
  it('brings an enhance to its planned size with Lanczos, and leaves a right-sized one', async () => {
    const planned = task({
      settings: { ...settings, upscale: { scale: '4k', width: 384, height: 192 } },
    });
    const io = { readInput: () => Promise.reject(new Error('not read')) };
    const [resized] = await finishImageTool(planned, io, [await image(await halves(400, 200))]);
    expect([resized?.width, resized?.height]).toEqual([384, 192]);
    const meta = await sharp(resized!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([384, 192]);
    const right = await image(await halves(384, 192));
    expect((await finishImageTool(planned, io, [right]))[0]).toBe(right);
    // A task from before the choice passes through.
    const old = await image(await halves(400, 200));
    expect((await finishImageTool(task({}), io, [old]))[0]).toBe(old);
  });

  it('reads the background picture, the task’s second image, for a cut-out', async () => {
    const read: string[] = [];
    const io = {
      readInput: async (key: string) => {
        read.push(key);
        return halves(100, 100);
      },
    };
    const cut = task({
      taskType: 'remove_bg',
      settings: { ...settings, background: { kind: 'image' } },
      inputs: { images: ['in.png', 'ground.png'], videos: [], audios: [] },
    });
    const [out] = await finishImageTool(cut, io, [await image(await cutout())]);
    expect(read).toEqual(['ground.png']);
    expect((await sharp(out!.bytes).metadata()).hasAlpha).toBe(false);
  });
});

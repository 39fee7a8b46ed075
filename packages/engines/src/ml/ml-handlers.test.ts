import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../local/cancellation';
import { createLocalEngine } from '../local/local-engine';
import { createFakeIo, makeTestPhoto, settingsFor } from '../local/local-test-support';
import type { EngineTask } from '../engine';
import { chooseUpscaleScale, createMlHandlers, networkScaleFor } from './ml-handlers';
import { createUpscaler } from './upscale';

const upscaleTask = (size: number): EngineTask => ({
  id: 't1',
  taskType: 'upscale',
  settings: settingsFor({ size }),
  inputs: { images: ['in.png'], videos: [], audios: [] },
});

describe('chooseUpscaleScale', () => {
  it('takes the smallest factor that reaches size, within the 4× input limit', () => {
    expect(chooseUpscaleScale(512, 1024)).toBe(2);
    expect(chooseUpscaleScale(256, 1024)).toBe(4);
    expect(chooseUpscaleScale(300, 1024)).toBe(4);
    expect(chooseUpscaleScale(600, 2048)).toBe(2);
    expect(chooseUpscaleScale(1024, 1024)).toBe(2);
  });
});

describe('networkScaleFor', () => {
  it('runs the chosen scale, and for 4K the largest pass within 4096 px', () => {
    const plan = (scale: 2 | 4 | '4k') => settingsFor({ upscale: { scale, width: 1, height: 1 } });
    expect(networkScaleFor(plan(2), 1024)).toBe(2);
    expect(networkScaleFor(plan(4), 300)).toBe(4);
    expect(networkScaleFor(plan('4k'), 1024)).toBe(4);
    expect(networkScaleFor(plan('4k'), 1500)).toBe(2);
    // Before the choice: the size rule.
    expect(networkScaleFor(settingsFor({ size: 1024 }), 256)).toBe(4);
  });
});

describe('ML handlers in the local engine', () => {
  it('makes an exact 4K size: the network pass, then Lanczos, with progress to the end', async () => {
    const passes: number[] = [];
    const handlers = createMlHandlers({
      // Stands in for ESRGAN, which the test below runs for real: a plain resize by the scale.
      upscaler: async (image, scale, onProgress) => {
        passes.push(scale);
        const meta = await sharp(image).metadata();
        await onProgress?.(1);
        const width = meta.width * scale;
        const height = meta.height * scale;
        return { bytes: await sharp(image).resize(width, height).png().toBuffer(), width, height };
      },
    });
    const engine = createLocalEngine({ handlers });
    const { io, progress } = createFakeIo({ 'in.png': await makeTestPhoto(100, 60) });
    const task = {
      ...upscaleTask(1024),
      settings: settingsFor({ upscale: { scale: '4k', width: 384, height: 230 } }),
    };
    const [out] = await engine.run(task, io);
    expect(passes).toEqual([4]);
    expect(out).toMatchObject({ width: 384, height: 230 });
    expect(out?.description).toMatch(/ESRGAN 4× then Lanczos/);
    const meta = await sharp(out?.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([384, 230]);
    expect(progress.at(-1)).toBe(100);
  });

  it('lays a cut-out on its colour', async () => {
    const handlers = createMlHandlers({
      // Stands in for IS-Net: the left half is the subject.
      backgroundRemover: async (image) => {
        const { width, height } = await sharp(image).metadata();
        const mask = await sharp({
          create: { width: width / 2, height, channels: 4, background: '#ff000000' },
        })
          .png()
          .toBuffer();
        const bytes = await sharp(image)
          .ensureAlpha()
          .composite([{ input: mask, left: width / 2, top: 0, blend: 'dest-in' }])
          .png()
          .toBuffer();
        return { bytes, width, height };
      },
    });
    const engine = createLocalEngine({ handlers });
    const { io } = createFakeIo({ 'in.png': await makeTestPhoto(64, 48) });
    const [out] = await engine.run(
      {
        ...upscaleTask(1024),
        taskType: 'remove_bg',
        settings: settingsFor({ background: { kind: 'colour', colour: '#0000ff' } }),
      },
      io,
    );
    const { data, info } = await sharp(out?.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    const at = (47 * 64 + 63) * 3;
    expect([...data.subarray(at, at + 3)]).toEqual([0, 0, 255]);
  });

  it('serves upscale tasks with one PNG output and progress', { timeout: 30_000 }, async () => {
    const engine = createLocalEngine({ handlers: createMlHandlers() });
    expect(engine.supports('upscale')).toBe(true);
    const input = await makeTestPhoto(64, 48);
    const { io, progress } = createFakeIo({ 'in.png': input });

    const outputs = await engine.run(upscaleTask(256), io);
    expect(outputs).toHaveLength(1);
    const [out] = outputs;
    expect(out).toMatchObject({ kind: 'image', mime: 'image/png', width: 256, height: 192 });
    const meta = await sharp(out?.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 256, 192]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
  });

  it('stops when the worker says the task was cancelled', { timeout: 30_000 }, async () => {
    const handlers = createMlHandlers({ upscaler: createUpscaler({ tileSize: 16 }) });
    const engine = createLocalEngine({ handlers });
    const { io, progress } = createFakeIo({ 'in.png': await makeTestPhoto(64, 48) }, 2);
    await expect(engine.run(upscaleTask(256), io)).rejects.toBeInstanceOf(EngineCancelledError);
    expect(progress).toHaveLength(3);
  });

  it('fails clearly without an input image', async () => {
    const engine = createLocalEngine({ handlers: createMlHandlers() });
    const task = { ...upscaleTask(1024), inputs: { images: [], videos: [], audios: [] } };
    await expect(engine.run(task, createFakeIo().io)).rejects.toThrow(/needs input image 1/);
  });
});

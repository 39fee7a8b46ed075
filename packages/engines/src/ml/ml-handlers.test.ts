import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineCancelledError } from '../local/cancellation';
import { createLocalEngine } from '../local/local-engine';
import { createFakeIo, makeTestPhoto, settingsFor } from '../local/local-test-support';
import type { EngineTask } from '../engine';
import { chooseUpscaleScale, createMlHandlers } from './ml-handlers';
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

describe('ML handlers in the local engine', () => {
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

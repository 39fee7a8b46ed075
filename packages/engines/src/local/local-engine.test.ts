import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { EngineTask } from '../engine';
import { EngineCancelledError, createLocalEngine, localPreviewTaskTypes } from './local-engine';
import { createFakeIo, makeTestPhoto, probeVideo, settingsFor } from './local-test-support';

const task = (
  taskType: EngineTask['taskType'],
  overrides = {},
  images: string[] = [],
): EngineTask => ({
  id: 'task-1',
  taskType,
  settings: settingsFor(overrides),
  inputs: { images, videos: [], audios: [] },
});

describe('local engine', () => {
  const engine = createLocalEngine();

  it('serves the generative kinds, the editing tools, and nothing it cannot do', () => {
    expect(engine.name).toBe('local');
    // The e-commerce model picture is a preview too, drawn by the ML handlers (the cut-out)
    // that the worker adds; this engine has none.
    for (const type of localPreviewTaskTypes)
      expect(engine.supports(type)).toBe(type !== 'product_on_model');
    // Eight generative kinds, repaint and expand, which need a GPU to paint for real, and the
    // product on a model.
    expect(localPreviewTaskTypes).toHaveLength(11);
    expect(engine.supports('erase')).toBe(true);
    expect(engine.supports('remove_bg')).toBe(false);
    expect(engine.supports('mouth_speech')).toBe(false);
  });

  it('runs txt2img with rising progress and fully described outputs', async () => {
    const { io, progress } = createFakeIo();
    const outputs = await engine.run(task('txt2img', { count: 2, ratio: '3:2', seed: 10 }), io);
    expect(outputs.map((o) => [o.kind, o.mime, o.width, o.height, o.seed])).toEqual([
      ['image', 'image/png', 256, 168, 10],
      ['image', 'image/png', 256, 168, 11],
    ]);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('reads img2img input through io and fails clearly without one', async () => {
    const { io } = createFakeIo({ 'uploads/cat.png': await makeTestPhoto(300, 400) });
    const [out] = await engine.run(task('img2img', { size: 320 }, ['uploads/cat.png']), io);
    expect([out?.width, out?.height]).toEqual([240, 320]);
    await expect(engine.run(task('img2img'), io)).rejects.toThrow(/needs input image 1/);
  });

  it('returns a video with duration and its poster frame', async () => {
    const { io } = createFakeIo();
    const settings = { resolution: '360p', durationS: 1, fps: 8, ratio: '1:1' };
    const outputs = await engine.run(task('video_diffusion', settings), io);
    expect(outputs.map((o) => [o.kind, o.mime, o.width, o.height, o.durationS])).toEqual([
      ['video', 'video/mp4', 360, 360, 1],
      ['image', 'image/png', 360, 360, undefined],
    ]);
    expect(probeVideo(outputs[0]?.bytes ?? Buffer.alloc(0)).frames).toBe(8);
  }, 20_000);

  it('returns a GLB and its thumbnail for 3D tasks', async () => {
    const photo = await makeTestPhoto(320, 320);
    const { io } = createFakeIo({ photo });
    for (const [type, images] of [
      ['text_to_3d', []],
      ['image_to_3d', ['photo']],
    ] as const) {
      const outputs = await engine.run(task(type, {}, [...images]), io);
      expect(outputs.map((o) => [o.kind, o.mime])).toEqual([
        ['model', 'model/gltf-binary'],
        ['image', 'image/png'],
      ]);
      expect(outputs[0]?.bytes.toString('latin1', 0, 4)).toBe('glTF');
      expect((await sharp(outputs[1]?.bytes).metadata()).width).toBe(outputs[1]?.width);
      // Neither a lake nor a photo is a shape the engine ships, so nothing is named.
      expect(outputs.map((o) => o.description)).toEqual([undefined, undefined]);
    }
  });

  it('names the shape it modelled on the model and its poster', async () => {
    const { io } = createFakeIo();
    const outputs = await engine.run(task('text_to_3d', { prompt: 'una tetera de cerámica' }), io);
    expect(outputs.map((o) => [o.kind, o.description])).toEqual([
      ['model', 'a teapot'],
      ['image', 'a teapot'],
    ]);
  });

  it('stops with EngineCancelledError when progress says the task was cancelled', async () => {
    const { io, progress } = createFakeIo({}, 2);
    const run = engine.run(task('txt2img', { count: 6 }), io);
    await expect(run).rejects.toBeInstanceOf(EngineCancelledError);
    expect(progress.length).toBe(3);
  });

  it('stops a video mid-way when the signal aborts', async () => {
    const fake = createFakeIo();
    const reported: number[] = [];
    const io = {
      ...fake.io,
      progress: async (percent: number) => {
        reported.push(percent);
        if (percent > 20) fake.controller.abort();
        return true;
      },
    };
    const settings = { resolution: '360p', durationS: 6, fps: 24 };
    await expect(engine.run(task('video_diffusion', settings), io)).rejects.toBeInstanceOf(
      EngineCancelledError,
    );
    expect(Math.max(...reported)).toBeLessThan(40);
  }, 20_000);

  it('lets other task types join the same engine', async () => {
    const withTools = createLocalEngine({
      handlers: {
        remove_bg: async () => [{ kind: 'image', mime: 'image/png', bytes: Buffer.from('x') }],
      },
    });
    expect(withTools.supports('remove_bg')).toBe(true);
    const outputs = await withTools.run(task('remove_bg'), createFakeIo().io);
    expect(outputs).toHaveLength(1);
  });
});

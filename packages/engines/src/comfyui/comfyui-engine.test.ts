import { afterEach, describe, expect, it } from 'vitest';
import { createComfyUiEngine } from './comfyui-engine';
import { startFakeComfyUi, type FakeComfyUi } from './fake-comfyui-server';
import { createPng } from './fake-png';
import { parsePreviewFrame } from './comfyui-socket';
import { makeIo, makeTask, nodeOf, nodesOf } from './test-support';

let fake: FakeComfyUi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Parameters<typeof startFakeComfyUi>[0] = {}) {
  fake = await startFakeComfyUi(options);
  const engine = createComfyUiEngine({
    baseUrl: fake.baseUrl,
    clientId: 'test-worker',
    pollIntervalMs: 10,
  });
  return { fake, engine };
}

describe('comfyui engine', () => {
  it('declares the task types it has workflows for', async () => {
    const { engine } = await setup();
    expect(engine.name).toBe('comfyui');
    expect(engine.supports('txt2img')).toBe(true);
    expect(engine.supports('image_to_3d')).toBe(true);
    expect(engine.supports('mouth_speech')).toBe(true);
    expect(engine.supports('vectorize')).toBe(false);
  });

  it('runs txt2img: fills the template, follows progress, downloads the images', async () => {
    const { fake, engine } = await setup();
    const io = makeIo();
    const task = makeTask('txt2img', { ratio: '16:9', count: 2, negativePrompt: 'blurry' });

    const outputs = await engine.run(task, io);

    expect(fake.prompts).toHaveLength(1);
    const { prompt, clientId } = fake.prompts[0]!;
    expect(clientId).toMatch(/^test-worker-/);
    expect(fake.socketClients).toContain(clientId);
    expect(nodeOf(prompt, 'KSampler')).toMatchObject({ seed: 1234, steps: 20, denoise: 1 });
    expect(nodeOf(prompt, 'EmptySD3LatentImage')).toEqual({
      width: 1024,
      height: 576,
      batch_size: 2,
    });
    expect(nodesOf(prompt, 'CLIPTextEncode').map((n) => n.text)).toEqual([
      'a red fox in fresh snow',
      'blurry',
    ]);
    expect(nodeOf(prompt, 'SaveImage').filename_prefix).toBe('lumen/task-txt2img');

    expect(outputs).toHaveLength(2);
    for (const output of outputs) {
      expect(output).toMatchObject({
        kind: 'image',
        mime: 'image/png',
        width: 1024,
        height: 576,
        seed: 1234,
      });
      expect(output.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
    expect(io.reported.length).toBeGreaterThan(3);
    expect(io.reported).toEqual([...io.reported].sort((a, b) => a - b));
    expect(Math.max(...io.reported)).toBeGreaterThanOrEqual(90);
    expect(Math.max(...io.reported)).toBeLessThan(100);
  });

  it("passes the sampler's live previews on, at most one a second", async () => {
    const { engine } = await setup({ steps: 6, stepDelayMs: 300 });
    const io = makeIo();

    await engine.run(makeTask('txt2img'), io);

    // Six steps 300 ms apart send six previews; about one a second of them is passed on.
    expect(io.previews.length).toBeGreaterThanOrEqual(1);
    expect(io.previews.length).toBeLessThanOrEqual(3);
    for (const preview of io.previews) {
      expect(preview.mime).toBe('image/png');
      expect(preview.bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });

  it('reads a binary frame as a preview only when it is one', () => {
    const header = (type: number, format: number) => {
      const b = Buffer.alloc(8);
      b.writeUInt32BE(type, 0);
      b.writeUInt32BE(format, 4);
      return b;
    };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    expect(parsePreviewFrame(Buffer.concat([header(1, 1), jpeg]))).toEqual({
      mime: 'image/jpeg',
      bytes: jpeg,
    });
    expect(parsePreviewFrame(Buffer.concat([header(2, 1), jpeg]))).toBeUndefined();
    expect(parsePreviewFrame(Buffer.concat([header(1, 9), jpeg]))).toBeUndefined();
    expect(parsePreviewFrame(header(1, 1))).toBeUndefined();
    expect(parsePreviewFrame('{"type":"status"}')).toBeUndefined();
  });

  it('uploads the input image for img2img and points LoadImage at it', async () => {
    const { fake, engine } = await setup();
    const photo = createPng(320, 240);
    const io = makeIo({ 'uploads/photo.png': photo });
    const task = makeTask('img2img', { strength: 0.35, count: 3 }, ['uploads/photo.png']);

    const outputs = await engine.run(task, io);

    expect(fake.uploads).toEqual([
      { filename: 'lumen-task-img2img-0.png', bytes: photo, overwrite: 'true' },
    ]);
    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'LoadImage').image).toBe('lumen-task-img2img-0.png');
    expect(nodeOf(prompt, 'KSampler').denoise).toBe(0.35);
    expect(nodeOf(prompt, 'RepeatLatentBatch').amount).toBe(3);
    expect(outputs).toHaveLength(3);
  });

  it('scales the 4× upscaler’s result to the exact size of an enhance choice', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ 'uploads/photo.png': createPng(1024, 576) });
    const upscale = { scale: '4k' as const, width: 3840, height: 2160 };
    const task = makeTask('upscale', { upscale }, ['uploads/photo.png']);

    const [output] = await engine.run(task, io);

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'ImageScale')).toMatchObject({ width: 3840, height: 2160 });
    expect(output).toMatchObject({ kind: 'image', width: 3840, height: 2160 });
  });

  it('lays the cut-out on the user’s picture after the workflow, which gets only the photo', async () => {
    const { fake, engine } = await setup();
    const photo = createPng(320, 240);
    const recording = makeIo({
      'uploads/photo.png': photo,
      'uploads/ground.png': createPng(90, 90),
    });
    const reads: string[] = [];
    const io = {
      ...recording,
      readInput: (key: string) => {
        reads.push(key);
        return recording.readInput(key);
      },
    };
    const task = makeTask('remove_bg', { background: { kind: 'image' } }, [
      'uploads/photo.png',
      'uploads/ground.png',
    ]);

    const [output] = await engine.run(task, io);

    expect(fake.uploads.map((u) => u.bytes)).toEqual([photo]);
    expect(reads).toEqual(['uploads/photo.png', 'uploads/ground.png']);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(output!.bytes).metadata();
    expect([meta.format, meta.hasAlpha]).toEqual(['png', false]);
    expect(output).toMatchObject({ mime: 'image/png', width: meta.width, height: meta.height });
  });

  it('renders a text-to-video task as an mp4 of the requested length', async () => {
    const { fake, engine } = await setup();
    const task = makeTask('video_diffusion', {
      ratio: '9:16',
      resolution: '720p',
      durationS: 5,
      fps: 24,
      style: 'anime',
    });

    const [video] = await engine.run(task, makeIo());

    const prompt = fake.prompts[0]?.prompt;
    expect(nodeOf(prompt, 'Wan22ImageToVideoLatent')).toMatchObject({
      width: 720,
      height: 1280,
      length: 121,
    });
    expect(nodeOf(prompt, 'VHS_VideoCombine').frame_rate).toBe(24);
    expect(nodesOf(prompt, 'CLIPTextEncode')[0]?.text).toBe('a red fox in fresh snow, anime style');
    expect(video).toMatchObject({ kind: 'video', mime: 'video/mp4', width: 720, height: 1280 });
    expect(video?.durationS).toBeCloseTo(121 / 24);
  });

  it('uploads both keyframes and returns a GLB for image to 3D', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ a: createPng(64, 64), b: createPng(64, 64, [0, 0, 0]) });

    await engine.run(makeTask('video_diffusion_keyframes', {}, ['a', 'b']), io);
    const keyframes = fake.prompts[0]?.prompt;
    expect(nodesOf(keyframes, 'LoadImage').map((n) => n.image)).toEqual([
      'lumen-task-video_diffusion_keyframes-0.png',
      'lumen-task-video_diffusion_keyframes-1.png',
    ]);

    const [model] = await engine.run(makeTask('image_to_3d', {}, ['a']), io);
    expect(model).toMatchObject({ kind: 'model', mime: 'model/gltf-binary' });
    expect(model?.bytes.subarray(0, 4).toString('ascii')).toBe('glTF');
  });

  it('falls back to polling /history when the WebSocket is refused', async () => {
    const { fake, engine } = await setup({ websocket: false });

    const outputs = await engine.run(makeTask('txt2img'), makeIo());

    expect(fake.socketClients).toEqual([]);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ kind: 'image', width: 1024, height: 1024 });
  });

  it('refuses a task without the input images its workflow needs, before calling ComfyUI', async () => {
    const { fake, engine } = await setup();
    const io = makeIo({ a: createPng(64, 64) });

    await expect(
      engine.run(makeTask('video_diffusion_keyframes', {}, ['a']), io),
    ).rejects.toMatchObject({
      reason: 'bad_input',
      message: expect.stringContaining('needs 2 input image(s), got 1'),
    });
    expect(fake.uploads).toEqual([]);
    expect(fake.prompts).toEqual([]);
  });
});

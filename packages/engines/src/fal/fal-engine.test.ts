import { afterEach, describe, expect, it } from 'vitest';
import { createPng } from '../comfyui/fake-png';
import { makeIo, makeTask } from '../comfyui/test-support';
import { failureReasonOf } from '../failure';
import { EngineCancelledError } from '../local/cancellation';
import { encodeH264 } from '../local/ffmpeg-encoder';
import { ModelApiError } from '../model-api/model-api-errors';
import { createFalEngine, type FalEngineOptions } from './fal-engine';
import { startFakeFal, type FakeFal, type FakeFalOptions } from './fake-fal-server';

const key = 'fal-id:fal-secret';
let fake: FakeFal | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  fakeOptions: FakeFalOptions = {},
  engineOptions: Partial<FalEngineOptions> = {},
) {
  fake = await startFakeFal({ key, ...fakeOptions });
  const engine = createFalEngine({ queueUrl: fake.baseUrl, key, pollMs: 20, ...engineOptions });
  return { fake, engine };
}

const submissions = (f: FakeFal) => f.requests.filter((r) => r.method === 'POST');

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the task should have failed'),
    (err: unknown) => err,
  );
}

describe('fal engine: queue', () => {
  it('submits txt2img to the app, follows the queue and keeps the pictures', async () => {
    const { fake, engine } = await setup();
    const io = makeIo();

    const outputs = await engine.run(
      makeTask('txt2img', { ratio: '16:9', count: 2, seed: 9, size: 1024 }),
      io,
    );

    const [submit] = submissions(fake);
    expect(submit?.path).toBe('/fal-ai/flux/dev');
    expect(submit?.authorization).toBe(`Key ${key}`);
    expect(submit?.json).toEqual({
      prompt: 'a red fox in fresh snow',
      image_size: { width: 1024, height: 576 },
      num_images: 2,
      seed: 9,
      output_format: 'png',
      enable_safety_checker: true,
    });
    // Status and result live under the base app id, with logs asked for.
    const polls = fake.requests.filter((r) => r.path.endsWith('/status'));
    expect(polls[0]?.path).toMatch(/^\/fal-ai\/flux\/requests\/[^/]+\/status$/);
    expect(polls[0]?.query).toBe('?logs=1');
    expect(outputs).toHaveLength(2);
    for (const output of outputs)
      expect(output).toMatchObject({ kind: 'image', mime: 'image/png', width: 64, height: 48 });
    expect(outputs[0]?.bytes.equals(outputs[1]?.bytes ?? Buffer.alloc(0))).toBe(false);
    // Queue positions 2 → 1 → 0 and then the logs' 40 % each move the bar forward.
    expect(io.reported).toEqual([...io.reported].sort((a, b) => a - b));
    expect(new Set(io.reported).size).toBeGreaterThanOrEqual(4);
    expect(Math.max(...io.reported)).toBeLessThan(100);
  });

  it('downloads the result at once, so expiring URLs change nothing', async () => {
    const { fake, engine } = await setup();
    const outputs = await engine.run(makeTask('txt2img'), makeIo());
    fake.expireOutputs();
    const result = fake.jobs[0]?.result as { images: Array<{ url: string }> };
    expect((await fetch(result.images[0]?.url ?? '')).status).toBe(404);
    expect(outputs[0]?.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('sends inputs as a public URL when there is one, else as a data URI', async () => {
    const { fake, engine } = await setup();
    const png = createPng(40, 40);
    const withUrl = {
      ...makeIo({ 'a.png': png }),
      publicUrl: (k: string) => `https://lumen.example/${k}`,
    };
    await engine.run(makeTask('image_edit', { prompt: 'make it night' }, ['a.png']), withUrl);
    await engine.run(
      makeTask('image_edit', { prompt: 'make it night' }, ['a.png']),
      makeIo({ 'a.png': png }),
    );
    const [first, second] = submissions(fake);
    expect(first?.path).toBe('/fal-ai/flux-pro/kontext');
    expect(first?.json).toMatchObject({
      prompt: 'make it night',
      image_url: 'https://lumen.example/a.png',
    });
    expect(second?.json).toMatchObject({
      image_url: `data:image/png;base64,${png.toString('base64')}`,
    });
  });

  it('runs a route’s model with its fixed inputs over the mapped ones', async () => {
    const { fake, engine } = await setup();
    const task = {
      ...makeTask('txt2img', { seed: 4 }),
      route: {
        model: 'fal-ai/flux/schnell',
        input: { num_inference_steps: 4, enable_safety_checker: false },
      },
    };
    await engine.run(task, makeIo());
    const [submit] = submissions(fake);
    expect(submit?.path).toBe('/fal-ai/flux/schnell');
    expect(submit?.json).toMatchObject({
      seed: 4,
      num_inference_steps: 4,
      enable_safety_checker: false,
      num_images: 1,
    });
  });

  it('answers a video result followed by its poster', async () => {
    const clip = await encodeH264({
      width: 48,
      height: 32,
      fps: 8,
      frameCount: 4,
      renderFrame: (_i, out) => {
        out.fill(0xff00aa00);
      },
    });
    const { fake, engine } = await setup({
      produce: (_app, _input, publish) => ({
        video: { url: publish({ bytes: clip, name: 'v.mp4' }) },
        seed: 1,
      }),
    });
    const outputs = await engine.run(
      makeTask('video_diffusion_img2vid', { fps: 16, durationS: 5 }, ['in.png']),
      makeIo({ 'in.png': createPng(32, 32) }),
    );
    expect(submissions(fake)[0]?.path).toBe('/fal-ai/wan/v2.2-a14b/image-to-video');
    expect(submissions(fake)[0]?.json).toMatchObject({
      num_frames: 80,
      frames_per_second: 16,
      resolution: '720p',
    });
    expect(outputs.map((o) => [o.kind, o.role])).toEqual([
      ['video', undefined],
      ['image', 'poster'],
    ]);
  });

  it('answers a 3D model from `model_mesh`', async () => {
    const glb = Buffer.concat([
      Buffer.from('glTF', 'latin1'),
      Buffer.from([2, 0, 0, 0, 20, 0, 0, 0]),
      Buffer.alloc(8),
    ]);
    const { engine } = await setup({
      produce: (_app, _input, publish) => ({
        model_mesh: { url: publish({ bytes: glb, name: 'm.glb' }), file_size: glb.length },
      }),
    });
    const outputs = await engine.run(
      makeTask('image_to_3d', {}, ['in.png']),
      makeIo({ 'in.png': createPng(32, 32) }),
    );
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ kind: 'model', mime: 'model/gltf-binary' });
  });
});

describe('fal engine: cancel and failures', () => {
  it('cancels the request with PUT cancel_url when the task is cancelled', async () => {
    const { fake, engine } = await setup({ hold: true });
    let calls = 0;
    const err = await failureOf(
      engine.run(
        makeTask('txt2img'),
        makeIo({}, () => ++calls < 6),
      ),
    );
    expect(err).toBeInstanceOf(EngineCancelledError);
    expect(fake.cancelled).toEqual([fake.jobs[0]?.id]);
    expect(fake.requests.find((r) => r.path.endsWith('/cancel'))?.method).toBe('PUT');
  });

  it('gives up at its deadline and cancels remotely', async () => {
    const { fake, engine } = await setup({ hold: true }, { timeoutMs: 300 });
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(failureReasonOf(err)).toBe('timeout');
    expect(fake.cancelled).toHaveLength(1);
  });

  it.each([
    ['model_error', 'failed', 500],
    ['validation', 'bad_input', 422],
    ['unauthorized', 'unavailable', 401],
  ] as const)('maps %s to the %s failure reason', async (failure, reason, status) => {
    const { fake, engine } = await setup();
    fake.failNext(failure);
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(err).toBeInstanceOf(ModelApiError);
    expect((err as ModelApiError).details.status).toBe(status);
    expect(failureReasonOf(err)).toBe(reason);
  });

  it('says unavailable when nothing answers', async () => {
    const { fake, engine } = await setup();
    await fake.close();
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(failureReasonOf(err)).toBe('unavailable');
  });
});

describe('fal engine: testConnection', () => {
  it('tells a refused key from one that was not refused', async () => {
    const { engine } = await setup();
    const good = await engine.testConnection();
    expect(good).toMatchObject({ ok: true, reachable: true, auth: 'unknown' });
    expect(good.details[1]).toContain('answered HTTP 404');
    const bad = createFalEngine({ queueUrl: fake?.baseUrl ?? '', key: 'wrong' });
    expect(await bad.testConnection()).toMatchObject({
      ok: false,
      reachable: true,
      auth: 'refused',
    });
  });

  it('reports an unreachable queue', async () => {
    const { fake, engine } = await setup();
    await fake.close();
    expect(await engine.testConnection()).toMatchObject({ ok: false, reachable: false });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { makeIo, makeTask } from '../comfyui/test-support';
import { createPng } from '../comfyui/fake-png';
import { failureReasonOf } from '../failure';
import { EngineCancelledError } from '../local/cancellation';
import { encodeH264 } from '../local/ffmpeg-encoder';
import { ModelApiError } from '../model-api/model-api-errors';
import {
  startFakeReplicate,
  type FakeReplicate,
  type FakeReplicateOptions,
} from './fake-replicate-server';
import { createReplicateEngine, type ReplicateEngineOptions } from './replicate-engine';
import { startFakeCog, type FakeCog, type FakeCogOptions } from './fake-cog-server';

const token = 'r8_test_token';
let fake: FakeReplicate | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(
  fakeOptions: FakeReplicateOptions = {},
  engineOptions: Partial<ReplicateEngineOptions> = {},
) {
  fake = await startFakeReplicate({ token, ...fakeOptions });
  const engine = createReplicateEngine({
    baseUrl: fake.baseUrl,
    token,
    pollMs: 20,
    ...engineOptions,
  });
  return { fake, engine };
}

const creates = (f: FakeReplicate) =>
  f.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the task should have failed'),
    (err: unknown) => err,
  );
}

describe('replicate engine: predictions', () => {
  it('runs txt2img on the default model by name, follows it to succeeded and keeps the pictures', async () => {
    const { fake, engine } = await setup();
    const io = makeIo();

    const outputs = await engine.run(
      makeTask('txt2img', { ratio: '16:9', count: 2, seed: 77 }),
      io,
    );

    const [create] = creates(fake);
    expect(create?.path).toBe('/v1/models/black-forest-labs/flux-schnell/predictions');
    expect(create?.authorization).toBe(`Bearer ${token}`);
    expect(create?.json).toEqual({
      input: {
        prompt: 'a red fox in fresh snow',
        aspect_ratio: '16:9',
        num_outputs: 2,
        seed: 77,
        output_format: 'png',
      },
    });
    expect(outputs).toHaveLength(2);
    for (const output of outputs) {
      expect(output).toMatchObject({
        kind: 'image',
        mime: 'image/png',
        width: 64,
        height: 48,
        seed: 77,
      });
    }
    expect(outputs[0]?.bytes.equals(outputs[1]?.bytes ?? Buffer.alloc(0))).toBe(false);
    // The logs' tqdm lines move the bar; it never goes backwards and stays under 100.
    expect(io.reported.length).toBeGreaterThan(3);
    expect(io.reported).toEqual([...io.reported].sort((a, b) => a - b));
    // The log's 50 % line lands halfway through the job's share of the bar (2–96).
    expect(io.reported).toContain(49);
    expect(Math.max(...io.reported)).toBeLessThan(100);
  });

  it('downloads outputs at once, so their URLs expiring later changes nothing', async () => {
    const { fake, engine } = await setup();
    const outputs = await engine.run(makeTask('txt2img'), makeIo());
    const output = fake.predictions[0]?.output as string[];
    fake.expireOutputs();
    const late = await fetch(output[0] ?? '');
    expect(late.status).toBe(404);
    expect(outputs[0]?.bytes.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  it('makes several predictions when the count is over what one can make, each with the next seed', async () => {
    const { fake, engine } = await setup();
    const outputs = await engine.run(makeTask('txt2img', { count: 6, seed: 10 }), makeIo());
    expect(
      creates(fake).map((r) => (r.json as { input: { num_outputs: number; seed: number } }).input),
    ).toMatchObject([
      { num_outputs: 4, seed: 10 },
      { num_outputs: 2, seed: 11 },
    ]);
    expect(outputs.map((o) => o.seed)).toEqual([10, 10, 10, 10, 11, 11]);
  });

  it('runs a route’s pinned version with the generic mapping and its fixed inputs on top', async () => {
    const { fake, engine } = await setup();
    const task = {
      ...makeTask('txt2img', { ratio: '3:2', seed: 5 }),
      route: { model: 'someone/custom-model:abc123', input: { num_inference_steps: 8, seed: 42 } },
    };
    await engine.run(task, makeIo());
    const [create] = creates(fake);
    expect(create?.path).toBe('/v1/predictions');
    expect(create?.json).toEqual({
      version: 'abc123',
      input: {
        prompt: 'a red fox in fresh snow',
        seed: 42,
        aspect_ratio: '3:2',
        num_inference_steps: 8,
      },
    });
  });

  it('answers a single URL output as well as a list', async () => {
    const { engine } = await setup({ outputShape: 'string' });
    const outputs = await engine.run(
      makeTask('upscale', {}, ['in.png']),
      makeIo({ 'in.png': createPng(32, 32) }),
    );
    expect(outputs).toHaveLength(1);
    expect(outputs[0]?.kind).toBe('image');
  });
});

describe('replicate engine: inputs', () => {
  it('sends a public URL when the server is reachable from outside', async () => {
    const { fake, engine } = await setup();
    const io = {
      ...makeIo({ 'k/in.png': createPng(40, 40) }),
      publicUrl: (key: string) => `https://lumen.example/s/${key}?sig=1`,
    };
    await engine.run(makeTask('img2img', { strength: 0.4 }, ['k/in.png']), io);
    expect((creates(fake)[0]?.json as { input: Record<string, unknown> }).input).toMatchObject({
      image: 'https://lumen.example/s/k/in.png?sig=1',
      prompt_strength: 0.4,
    });
    expect(fake.uploads).toHaveLength(0);
  });

  it('sends a small input as a data URI and a large one through the files API', async () => {
    const { fake, engine } = await setup();
    const small = createPng(40, 40);
    await engine.run(makeTask('img2img', {}, ['small.png']), makeIo({ 'small.png': small }));
    const sent = (creates(fake)[0]?.json as { input: { image: string } }).input.image;
    expect(sent).toBe(`data:image/png;base64,${small.toString('base64')}`);

    // Noise does not deflate, so this PNG is well over the 256 KB inline limit.
    const large = Buffer.concat([createPng(8, 8), Buffer.alloc(300 * 1024, 7)]);
    await engine.run(makeTask('img2img', {}, ['large.png']), makeIo({ 'large.png': large }));
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]).toMatchObject({ type: 'image/png' });
    expect(fake.uploads[0]?.bytes.equals(large)).toBe(true);
    const uploaded = (creates(fake)[1]?.json as { input: { image: string } }).input.image;
    expect(uploaded).toMatch(new RegExp(`^${fake.baseUrl}/v1/files/`));
  });
});

describe('replicate engine: video', () => {
  it('answers a video followed by its poster frame', async () => {
    const clip = await encodeH264({
      width: 64,
      height: 48,
      fps: 8,
      frameCount: 8,
      renderFrame: (_index, out) => {
        out.fill(0xff3366cc);
      },
    });
    const { fake, engine } = await setup({
      produce: () => [{ bytes: clip, name: 'out.mp4' }],
      outputShape: 'string',
    });
    const outputs = await engine.run(
      makeTask('video_diffusion', { durationS: 5, fps: 24 }),
      makeIo(),
    );
    expect((creates(fake)[0]?.json as { input: Record<string, unknown> }).input).toMatchObject({
      num_frames: 120,
      frames_per_second: 24,
    });
    expect(outputs.map((o) => [o.kind, o.role, o.mime])).toEqual([
      ['video', undefined, 'video/mp4'],
      ['image', 'poster', 'image/png'],
    ]);
    expect(outputs[0]).toMatchObject({ width: 64, height: 48, durationS: 5 });
    expect(outputs[1]).toMatchObject({ width: 64, height: 48 });
  });
});

describe('replicate engine: cancel and failures', () => {
  it('cancels the prediction when the task is cancelled', async () => {
    const { fake, engine } = await setup({ hold: true });
    let calls = 0;
    const io = makeIo({}, () => ++calls < 4);
    const err = await failureOf(engine.run(makeTask('txt2img'), io));
    expect(err).toBeInstanceOf(EngineCancelledError);
    expect(fake.cancelled).toEqual([fake.predictions[0]?.id]);
    expect(fake.predictions[0]?.status).toBe('canceled');
  });

  it('cancels the prediction when the abort signal fires', async () => {
    const { fake, engine } = await setup({ hold: true });
    const io = makeIo();
    setTimeout(() => io.controller.abort(), 150);
    await expect(engine.run(makeTask('txt2img'), io)).rejects.toBeInstanceOf(EngineCancelledError);
    expect(fake.cancelled).toHaveLength(1);
  });

  it('gives up at its deadline, cancels remotely and says timeout', async () => {
    const { fake, engine } = await setup({ hold: true }, { timeoutMs: 300 });
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(err).toBeInstanceOf(ModelApiError);
    expect(failureReasonOf(err)).toBe('timeout');
    expect(fake.cancelled).toHaveLength(1);
  });

  it.each([
    ['model_error', 'failed', undefined],
    ['validation', 'bad_input', 422],
    ['unauthorized', 'unavailable', 401],
    ['rate_limited', 'unavailable', 429],
    ['server_error', 'failed', 500],
  ] as const)('maps %s to the %s failure reason', async (failure, reason, status) => {
    const { fake, engine } = await setup();
    fake.failNext(failure);
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(err).toBeInstanceOf(ModelApiError);
    expect(failureReasonOf(err)).toBe(reason);
    expect((err as ModelApiError).details.status).toBe(status);
    if (failure === 'model_error') expect((err as Error).message).toContain('CUDA out of memory');
  });

  it('says unavailable when nothing answers', async () => {
    const { fake, engine } = await setup({}, { mode: 'replicate' });
    await fake.close();
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect((err as ModelApiError).reason).toBe('unreachable');
    expect(failureReasonOf(err)).toBe('unavailable');
  });
});

describe('replicate engine: Cog containers', () => {
  let cog: FakeCog | undefined;
  afterEach(async () => {
    await cog?.close();
    cog = undefined;
  });
  async function setupCog(options: FakeCogOptions = {}) {
    cog = await startFakeCog(options);
    return { cog, engine: createReplicateEngine({ baseUrl: cog.baseUrl, token, pollMs: 20 }) };
  }

  it('detects a Cog container and runs its synchronous predictions with data URI outputs', async () => {
    const { cog, engine } = await setupCog();
    expect(await engine.mode()).toBe('cog');
    const outputs = await engine.run(makeTask('txt2img', { count: 2, seed: 3 }), makeIo());
    const create = cog.requests.find((r) => r.method === 'POST');
    expect(create?.path).toBe('/predictions');
    expect(create?.json).toMatchObject({
      input: { prompt: 'a red fox in fresh snow', num_outputs: 2, seed: 3 },
    });
    expect(create?.json).not.toHaveProperty('version');
    // Cog has no authentication: the token stays with us.
    expect(create?.authorization).toBeUndefined();
    expect(outputs).toHaveLength(2);
    expect(outputs[0]).toMatchObject({ kind: 'image', mime: 'image/png' });
  });

  it('cancels a running Cog prediction by its id', async () => {
    const { cog, engine } = await setupCog({ hold: true });
    let calls = 0;
    const io = makeIo({}, () => ++calls < 3);
    await expect(engine.run(makeTask('txt2img'), io)).rejects.toBeInstanceOf(EngineCancelledError);
    expect(cog.cancelled).toEqual([cog.predictions[0]?.id]);
    expect(cog.predictions[0]?.status).toBe('canceled');
  });

  it.each([
    ['model_error', 'failed'],
    ['validation', 'bad_input'],
  ] as const)('maps a Cog %s to the %s failure reason', async (failure, reason) => {
    const { cog, engine } = await setupCog();
    cog.failNext(failure);
    const err = await failureOf(engine.run(makeTask('txt2img'), makeIo()));
    expect(failureReasonOf(err)).toBe(reason);
  });

  it('treats a server that has no /health-check as Replicate', async () => {
    const { engine } = await setup();
    expect(await engine.mode()).toBe('replicate');
  });
});

describe('replicate engine: testConnection', () => {
  it('reports the account and the model', async () => {
    const { engine } = await setup();
    const report = await engine.testConnection();
    expect(report).toMatchObject({ ok: true, reachable: true, auth: 'ok' });
    expect(report.details).toContain('The token was accepted (account lumen-ops)');
    expect(report.details).toContain('Model black-forest-labs/flux-schnell is available');
  });

  it('reports a refused token and a missing model', async () => {
    fake = await startFakeReplicate({ token });
    const bad = createReplicateEngine({ baseUrl: fake.baseUrl, token: 'wrong' });
    expect(await bad.testConnection()).toMatchObject({
      ok: false,
      reachable: true,
      auth: 'refused',
    });
    const good = createReplicateEngine({ baseUrl: `${fake.baseUrl}/v1`, token });
    const report = await good.testConnection('missing/model');
    expect(report.details).toContain('Model missing/model was not found (HTTP 404)');
  });

  it('reports an unreachable server', async () => {
    fake = await startFakeReplicate({ token });
    const baseUrl = fake.baseUrl;
    await fake.close();
    fake = undefined;
    const report = await createReplicateEngine({ baseUrl, token }).testConnection();
    expect(report).toMatchObject({ ok: false, reachable: false });
  });

  it('reports a Cog container’s health and inputs', async () => {
    const cog = await startFakeCog();
    const engine = createReplicateEngine({ baseUrl: cog.baseUrl, token: '' });
    const report = await engine.testConnection();
    expect(report).toMatchObject({ ok: true, reachable: true, auth: 'unknown' });
    expect(report.details).toContain('The container says READY');
    expect(report.details).toContain('The model takes: prompt, image, seed');
    await cog.close();
  });
});

import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type FakeFal } from '@lumen/engines/fal/fake-fal-server';
import type { OutputFile } from '@lumen/engines/model-api/fake-output-files';
import {
  startFakeReplicate,
  type FakeReplicate,
} from '@lumen/engines/replicate/fake-replicate-server';
import { createEngineSet, enginesWhenConfigured } from '@lumen/worker/create-engines';
import { createHttpWorkerApi } from '@lumen/worker/http-worker-api';
import { createWorkerRunner, type WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

const TOKEN = 'model-api-worker-token-0123456789';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A picture no engine of ours could have drawn: what the model API "made". */
async function modelPicture(colour: string): Promise<OutputFile> {
  const bytes = await sharp({
    create: { width: 640, height: 480, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { bytes, name: 'out.png' };
}

let replicate: FakeReplicate;
let fal: FakeFal;
let replicatePicture: OutputFile;
let falPicture: OutputFile;
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
let admin: { ticket: string; id: number };

beforeAll(async () => {
  replicatePicture = await modelPicture('#c0392b');
  falPicture = await modelPicture('#2980b9');
  replicate = await startFakeReplicate({ token: 'r8_test', produce: () => [replicatePicture] });
  fal = await startFakeFal({
    key: 'fal-test-key',
    produce: (_app, _input, publish) => ({
      images: [{ url: publish(falPicture), width: 640, height: 480 }],
    }),
  });
  t = await createTestApp({
    env: {
      ADMIN_EMAILS: 'ops@example.com',
      WORKER_TOKENS: TOKEN,
      REPLICATE_API_URL: replicate.baseUrl,
      REPLICATE_API_TOKEN: 'r8_test',
      FAL_QUEUE_URL: fal.baseUrl,
      FAL_KEY: 'fal-test-key',
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = createApiCaller(t);
  // A worker anywhere, as the embedded one is: its engines come from the server's settings.
  const http = createHttpWorkerApi({
    serverUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    token: TOKEN,
  });
  const settings = await http.engineSettings();
  expect(settings?.connections).toMatchObject({
    replicate: { baseUrl: replicate.baseUrl, token: 'r8_test' },
    fal: { queueUrl: fal.baseUrl, key: 'fal-test-key' },
  });
  const { engines } = createEngineSet('model-api-test').build({
    offered: ['local'],
    whenConfigured: enginesWhenConfigured('hosted', 4),
    connections: settings!.connections,
  });
  worker = createWorkerRunner({
    api: http,
    engines,
    workerId: 'model-api-test',
    idleMs: 50,
    claimWaitMs: 1000,
    logger: quiet,
  });
  worker.start();
  admin = await api.signIn('ops@example.com');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await replicate?.close();
  await fal?.close();
});

async function waitForFinal(ticket: string, taskId: string): Promise<Json> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { result } = await api.call(
      'GET',
      `/api/gw/v3/image/txt2img/async/results?task_id=${taskId}`,
      ticket,
    );
    if ([1, 3, 4, 5].includes(result.task_status)) return result;
    if (Date.now() > deadline) throw new Error(`task ${taskId} still ${result.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Routes text to image to `engine`, makes one picture as a new user, and answers its result. */
async function generateOn(engine: string, email: string) {
  const routed = await api.call('PUT', '/prod-api/admin/algo_config/txt2img', admin.ticket, {
    engine,
  });
  expect(routed.result.engine).toBe(engine);
  const user = await api.signIn(email);
  const before = await api.credits(user.ticket);
  const submitted = await api.call('POST', '/api/gw/v3/image/txt2img/async', user.ticket, {
    prompt: 'a red fox sitting in a snowy forest',
    params: { batch_size: 1, wh_ratio: '4:3', seed: 7 },
  });
  expect(submitted.code).toBe(0);
  const result = await waitForFinal(user.ticket, submitted.result.task_id);
  return { result, user, before };
}

async function storedBytes(url: string): Promise<Buffer> {
  const { pathname, search } = new URL(url);
  const res = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('hosted model APIs as engines', () => {
  it('makes text to image on Replicate, stored in our own store once its URL has expired', async () => {
    const { result, user, before } = await generateOn('replicate', 'fox-r@example.com');
    expect(result.task_status).toBe(1);
    expect(result.engine).toBe('replicate');
    const [prediction] = replicate.predictions;
    expect(prediction?.model).toBe('black-forest-labs/flux-schnell');
    expect(prediction?.input).toMatchObject({
      prompt: 'a red fox sitting in a snowy forest',
      aspect_ratio: '4:3',
      seed: 7,
    });
    replicate.expireOutputs();
    const sub = result.sub_task_results[0];
    expect(new URL(sub.url).host).not.toBe(new URL(replicate.baseUrl).host);
    expect((await storedBytes(sub.url)).equals(replicatePicture.bytes)).toBe(true);
    expect(sub).toMatchObject({ width: 640, height: 480, mime: 'image/png' });
    expect(await api.credits(user.ticket)).toBe(before - result.cost);
  });

  it('makes text to image on fal’s queue, stored in our own store once its URL has expired', async () => {
    const { result } = await generateOn('fal', 'fox-f@example.com');
    expect(result.task_status).toBe(1);
    expect(result.engine).toBe('fal');
    expect(fal.jobs[0]?.app).toBe('fal-ai/flux/dev');
    fal.expireOutputs();
    const sub = result.sub_task_results[0];
    expect((await storedBytes(sub.url)).equals(falPicture.bytes)).toBe(true);
  });

  it('runs the model and fixed inputs an admin routed the task type to', async () => {
    const routed = await api.call('PUT', '/prod-api/admin/engines/routes/txt2img', admin.ticket, {
      engine: 'replicate',
      model: 'black-forest-labs/flux-dev',
      input: { guidance: 2.5, output_format: 'png' },
    });
    expect(routed.code).toBe(0);
    const user = await api.signIn('fox-route@example.com');
    const submitted = await api.call('POST', '/api/gw/v3/image/txt2img/async', user.ticket, {
      prompt: 'an owl reading a book',
      params: { batch_size: 1, seed: 3 },
    });
    const result = await waitForFinal(user.ticket, submitted.result.task_id);
    expect(result.task_status).toBe(1);
    const prediction = replicate.predictions.at(-1);
    expect(prediction?.model).toBe('black-forest-labs/flux-dev');
    expect(prediction?.input).toMatchObject({
      prompt: 'an owl reading a book',
      guidance: 2.5,
      output_format: 'png',
      seed: 3,
    });
    await api.call('PUT', '/prod-api/admin/engines/routes/txt2img', admin.ticket, {
      engine: 'replicate',
    });
  });

  it('fails a task the model refuses and gives its credits back', async () => {
    replicate.failNext('model_error');
    const { result, user, before } = await generateOn('replicate', 'fox-x@example.com');
    expect(result.task_status).toBe(3);
    expect(result.error_reason).toBe('failed');
    expect(await api.credits(user.ticket)).toBe(before);
  });
});

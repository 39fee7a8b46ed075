import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEngine } from '@lumen/engines/local/local-engine';
import { createHttpWorkerApi } from '@lumen/worker/http-worker-api';
import { createWorkerRunner } from '@lumen/worker/runner';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../lib/clock';
import { mediaObjects } from '../media/media.schema';
import { tasks } from './generation.schema';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const TOKEN = 'a-worker-token-of-enough-length';
let t: TestApp;
let base: string;
const clock = new ManualClock(new Date());
/**
 * While set, a thumbnail write waits for `release` (after telling `reached`): a completion
 * can then be raced at a known point, whatever the machine's speed.
 */
let thumbnailGate: { reached: () => void; release: Promise<void> } | null = null;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { WORKER_TOKENS: `other-token-xxxxxxxx,${TOKEN}` },
    wrapStore: (store) => ({
      ...store,
      async put(key, bytes, contentType) {
        const gate = thumbnailGate;
        if (gate && key.endsWith('_thumb.webp')) {
          gate.reached();
          await gate.release;
        }
        return store.put(key, bytes, contentType);
      },
    }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

async function post(path: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Json;
}
const get = async (path: string, ticket: string) =>
  (await (
    await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${ticket}` } })
  ).json()) as Json;

/** Queues a text-to-image task as the user of `ticket`; answers the gateway's envelope. */
const submitImage = (ticket: string, body: object) =>
  post('/api/gw/v3/image/txt2img/async', body, { authorization: `Bearer ${ticket}` });
const creditsOf = async (ticket: string) =>
  (await get('/prod-api/trade/v1/account', ticket)).result.credits as number;

/** Whether the local store holds `key`. */
const onDisk = (key: string) =>
  fs
    .access(path.join(t.config.dataDir, 'media', ...key.split('/')))
    .then(() => true)
    .catch(() => false);

const taskRow = async (id: string) =>
  (await t.database.db.select().from(tasks).where(eq(tasks.id, id)))[0];

async function signIn(email: string): Promise<string> {
  clock.advance(61_000);
  await post('/prod-api/user/captcha', { method: 'email', email });
  const captcha = await readMailedCode(t, email);
  return (await post('/prod-api/user/login', { loginType: 'email', email, captcha })).result.ticket;
}

describe('the worker API over HTTP', () => {
  it('refuses a missing or wrong worker token', async () => {
    const caps = { worker_id: 'w1', engines: ['local'] };
    expect((await post('/worker/v1/claim', caps)).code).toBe(1003);
    expect((await post('/worker/v1/claim', caps, { authorization: 'Bearer nope' })).code).toBe(
      1003,
    );
    expect(
      (await post('/worker/v1/claim', caps, { authorization: `Bearer ${TOKEN}` })).result,
    ).toEqual({
      task: null,
      waiting: { queued: 0, other_engine: 0, other_task_type: 0, user_at_limit: 0 },
    });
  });

  it('answers no task with the counts of why', async () => {
    const ticket = await signIn('waiting@example.com');
    const submitted = await submitImage(ticket, { prompt: 'a kite', params: { batch_size: 1 } });
    expect(submitted.code).toBe(0);
    const auth = { authorization: `Bearer ${TOKEN}` };
    const comfy = await post(
      '/worker/v1/claim',
      { worker_id: 'gpu-1', engines: ['comfyui'] },
      auth,
    );
    expect(comfy.result.task).toBeNull();
    expect(comfy.result.waiting).toMatchObject({ queued: 1, other_engine: 1, other_task_type: 0 });
    const upscaler = await post(
      '/worker/v1/claim',
      { worker_id: 'cpu-1', engines: ['local'], task_types: ['upscale'] },
      auth,
    );
    expect(upscaler.result.waiting).toMatchObject({
      queued: 1,
      other_engine: 0,
      other_task_type: 1,
    });
    const claimed = await post(
      '/worker/v1/claim',
      { worker_id: 'cpu-2', engines: ['local'] },
      auth,
    );
    expect(claimed.result.task.id).toBe(submitted.result.task_id);
    expect(claimed.result.waiting).toBeUndefined();
    const unknownReason = await post(
      `/worker/v1/tasks/${submitted.result.task_id}/fail`,
      { worker_id: 'cpu-2', message: 'not today', reason: 'flagged' },
      auth,
    );
    expect(unknownReason.code).toBe(1001);
    const fail = await post(
      `/worker/v1/tasks/${submitted.result.task_id}/fail`,
      { worker_id: 'cpu-2', message: 'not today: GPU 3 out of memory', reason: 'timeout' },
      auth,
    );
    expect(fail.code).toBe(0);
    const ended = await get(
      `/api/gw/v3/image/image/async/results?task_id=${submitted.result.task_id}`,
      ticket,
    );
    // The owner reads the reason; the worker's message is the operators'.
    expect(ended.result).toMatchObject({
      status: 'failed',
      error_reason: 'timeout',
      error: 'Time out, please try again.',
    });
    expect((await taskRow(submitted.result.task_id))?.errorMessage).toContain('GPU 3');
  });

  it('lets a remote worker claim, upload through presigned URLs and complete', async () => {
    const ticket = await signIn('remote@example.com');
    const submitted = await submitImage(ticket, {
      prompt: 'a paper boat',
      params: { batch_size: 1, seed: 7 },
    });
    expect(submitted.code).toBe(0);
    const runner = createWorkerRunner({
      api: createHttpWorkerApi({ serverUrl: base, token: TOKEN }),
      engines: [createLocalEngine()],
      workerId: 'remote-1',
      idleMs: 50,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    runner.start();
    let result: Json = {};
    for (let i = 0; i < 200 && result.task_status !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = (
        await get(
          `/api/gw/v3/image/txt2img/async/results?task_id=${submitted.result.task_id}`,
          ticket,
        )
      ).result;
    }
    await runner.stop();
    expect(result.task_status).toBe(1);
    // With no PUBLIC_URL, the URL names the address the request came in at: this listener.
    const url = result.sub_task_results[0].url as string;
    expect(url.startsWith(`${base}/`)).toBe(true);
    const image = await fetch(url);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format).toBe('png');
  });

  it('carries what each preview drew, as its description, from a remote worker to the results', async () => {
    const prompts = ['a red fox sitting in a snowy forest', '一只在书上的猫头鹰'];
    // One user may have one free task on its way at a time: one user per prompt.
    const tickets = [
      await signIn('describe-1@example.com'),
      await signIn('describe-2@example.com'),
    ];
    const ids: string[] = [];
    for (const [i, prompt] of prompts.entries()) {
      const submitted = await submitImage(tickets[i] ?? '', {
        prompt,
        params: { batch_size: 1, seed: 3 },
      });
      expect(submitted.code).toBe(0);
      ids.push(submitted.result.task_id);
    }
    const runner = createWorkerRunner({
      api: createHttpWorkerApi({ serverUrl: base, token: TOKEN }),
      engines: [createLocalEngine()],
      workerId: 'remote-describe',
      idleMs: 50,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    runner.start();
    const results: Json[] = [];
    for (const [n, id] of ids.entries()) {
      const path = `/api/gw/v3/image/txt2img/async/results?task_id=${id}`;
      let result: Json = {};
      for (let i = 0; i < 300 && result.task_status !== 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        result = (await get(path, tickets[n] ?? '')).result;
      }
      results.push(result);
    }
    await runner.stop();
    const [fox, owl] = results.map((r) => r.sub_task_results[0].description as string);
    expect(fox).toMatch(/\bfox\b/);
    expect(owl).toMatch(/\bowl\b/);
    expect(owl).toMatch(/\bbooks?\b/);
    expect(fox).not.toMatch(/owl|book/);
  }, 60_000);

  it('takes a description of at most 500 characters, trimmed, and refuses a longer one without ending the task', async () => {
    const ticket = await signIn('described@example.com');
    const submitted = await submitImage(ticket, { prompt: 'a paper boat' });
    const id = submitted.result.task_id as string;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const claimed = await post(
      '/worker/v1/claim',
      { worker_id: 'describer', engines: ['local'] },
      auth,
    );
    expect(claimed.result.task.id).toBe(id);
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: '#3366aa' },
    })
      .png()
      .toBuffer();
    const { uploads } = (
      await post(
        `/worker/v1/tasks/${id}/outputs`,
        { worker_id: 'describer', files: [{ kind: 'image', mime: 'image/png', size: png.length }] },
        auth,
      )
    ).result;
    await fetch(new URL(uploads[0].upload_url, base), {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: png,
    });
    const output = (description: string) => ({
      worker_id: 'describer',
      outputs: [
        {
          key: uploads[0].key,
          kind: 'image',
          mime: 'image/png',
          width: 16,
          height: 16,
          description,
        },
      ],
    });
    const tooLong = await post(`/worker/v1/tasks/${id}/complete`, output('a'.repeat(501)), auth);
    expect(tooLong.code).toBe(1001);
    expect((await taskRow(id))?.status).toBe('generating');
    const done = await post(`/worker/v1/tasks/${id}/complete`, output('  a paper boat  '), auth);
    expect(done.result.accepted).toBe(true);
    const result = (await get(`/api/gw/v3/image/txt2img/async/results?task_id=${id}`, ticket))
      .result;
    expect(result.sub_task_results[0].description).toBe('a paper boat');
  });

  it('keeps a remote worker’s video poster as the video’s thumbnail, not as a result', async () => {
    const ticket = await signIn('remote-video@example.com');
    await post('/prod-api/trade/v1/trial/claim', {}, { authorization: `Bearer ${ticket}` });
    const submitted = await post(
      '/api/gw/v3/video/video_diffusion/async',
      { prompt: 'waves at night', params: { duration: 5, resolution: '360p' } },
      { authorization: `Bearer ${ticket}` },
    );
    expect(submitted.code).toBe(0);
    const runner = createWorkerRunner({
      api: createHttpWorkerApi({ serverUrl: base, token: TOKEN }),
      engines: [createLocalEngine()],
      workerId: 'remote-video-1',
      idleMs: 50,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    runner.start();
    let result: Json = {};
    for (let i = 0; i < 600 && result.task_status !== 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = (
        await get(
          `/api/gw/v3/video/video_diffusion/async/results?task_id=${submitted.result.task_id}`,
          ticket,
        )
      ).result;
    }
    await runner.stop();
    expect(result.task_status).toBe(1);
    expect(result.sub_task_results).toHaveLength(1);
    const [video] = result.sub_task_results;
    expect(video.url).toMatch(/\.mp4/);
    const poster = await fetch(new URL(video.thumb_url, base));
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toMatch(/^image\//);
    expect((await poster.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }, 90_000);

  it('re-queues a task whose worker went silent, then fails and refunds it after the last attempt', async () => {
    const ticket = await signIn('silent@example.com');
    const balance = () => creditsOf(ticket);
    const before = await balance();
    const submitted = await submitImage(ticket, { prompt: 'a ghost ship' });
    const auth = { authorization: `Bearer ${TOKEN}` };
    let staged = '';
    for (let attempt = 1; attempt <= 3; attempt++) {
      const claimed = await post(
        '/worker/v1/claim',
        { worker_id: `flaky-${attempt}`, engines: ['local'] },
        auth,
      );
      expect(claimed.result.task.id).toBe(submitted.result.task_id);
      if (attempt === 1) {
        // This one uploads its output, then goes silent before reporting it.
        const { uploads } = (
          await post(
            `/worker/v1/tasks/${submitted.result.task_id}/outputs`,
            { worker_id: 'flaky-1', files: [{ kind: 'image', mime: 'image/png', size: 64 }] },
            auth,
          )
        ).result;
        staged = uploads[0].key;
        const put = await fetch(new URL(uploads[0].upload_url, base), {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body: Buffer.alloc(64, 1),
        });
        expect(put.status).toBe(200);
        expect(await onDisk(staged)).toBe(true);
      }
      clock.advance(61_000);
      expect(await t.app.services.queue.reapExpiredLeases()).toBe(1);
      // The silent worker has lost the task: its late heartbeat is told to stop.
      const late = await post(
        `/worker/v1/tasks/${submitted.result.task_id}/heartbeat`,
        { worker_id: `flaky-${attempt}` },
        auth,
      );
      expect(late.result.continue).toBe(false);
    }
    const result = (
      await get(
        `/api/gw/v3/image/txt2img/async/results?task_id=${submitted.result.task_id}`,
        ticket,
      )
    ).result;
    expect(result.task_status).toBe(3);
    expect(await balance()).toBe(before);
    // What the first worker uploaded and never reported goes with the task.
    await expect.poll(() => onDisk(staged)).toBe(false);
  });

  it('refuses an output whose bytes are not the type the worker names, and the task fails with a refund', async () => {
    const ticket = await signIn('notapng@example.com');
    const before = await creditsOf(ticket);
    const submitted = await submitImage(ticket, { prompt: 'a paper boat' });
    const id = submitted.result.task_id as string;
    const api = createHttpWorkerApi({ serverUrl: base, token: TOKEN });
    const claimed = await api.claim({ workerId: 'liar', engines: ['local'], taskTypes: null });
    expect(claimed?.id).toBe(id);
    const html = Buffer.from('<!doctype html><title>expired</title>');
    await expect(
      api.complete(id, 'liar', [{ kind: 'image', mime: 'image/png', bytes: html }]),
    ).rejects.toThrow(/code 1001/);
    expect(await api.fail(id, 'liar', 'output was not an image', 'failed')).toBe(true);
    const result = (await get(`/api/gw/v3/image/txt2img/async/results?task_id=${id}`, ticket))
      .result;
    expect(result.task_status).toBe(3);
    expect(await creditsOf(ticket)).toBe(before);
  });

  it('takes back the task of a worker that stops: queued again at once, the attempt not counted', async () => {
    const ticket = await signIn('handback@example.com');
    const submitted = await submitImage(ticket, { prompt: 'a lighthouse in fog' });
    const id = submitted.result.task_id as string;
    const auth = { authorization: `Bearer ${TOKEN}` };
    const status = async () =>
      (await get(`/api/gw/v3/image/txt2img/async/results?task_id=${id}`, ticket)).result.status;
    const leaving = await post(
      '/worker/v1/claim',
      { worker_id: 'leaving', engines: ['local'] },
      auth,
    );
    expect(leaving.result.task.id).toBe(id);
    expect(await status()).toBe('generating');
    const api = createHttpWorkerApi({ serverUrl: base, token: TOKEN });
    // Only the holder may hand it back.
    expect(await api.release(id, 'someone-else')).toBe(false);
    expect(await api.release(id, 'leaving')).toBe(true);
    expect(await status()).toBe('queued');
    expect(await api.release(id, 'leaving')).toBe(false);
    expect(await api.heartbeat(id, 'leaving')).toBe(false);
    expect((await taskRow(id))?.attempts).toBe(0);
    const next = await post('/worker/v1/claim', { worker_id: 'next', engines: ['local'] }, auth);
    expect(next.result.task.id).toBe(id);
    expect((await taskRow(id))?.attempts).toBe(1);
    expect((await post(`/worker/v1/tasks/${id}/release`, { worker_id: 'next' })).code).toBe(1003);
    expect((await post(`/worker/v1/tasks/${id}/release`, { worker_id: '' }, auth)).code).toBe(1001);
    expect(await api.fail(id, 'next', 'the test is over')).toBe(true);
  });

  it('reclaims at start-up the tasks of the embedded workers of an earlier run, and only those', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const submit = async (email: string) => {
      const ticket = await signIn(email);
      return (await submitImage(ticket, { prompt: 'a paper crane' })).result.task_id as string;
    };
    const mine = await submit('crashed@example.com');
    const theirs = await submit('remote@example.com');
    const claimed = [];
    for (const worker of ['embedded-4242', 'gpu-box_1']) {
      claimed.push(
        (await post('/worker/v1/claim', { worker_id: worker, engines: ['local'] }, auth)).result
          .task.id,
      );
    }
    expect(claimed.sort()).toEqual([mine, theirs].sort());
    const byWorker = async (taskId: string) => (await taskRow(taskId))!;
    const embeddedTask = (await byWorker(mine)).leaseOwner === 'embedded-4242' ? mine : theirs;
    const remoteTask = embeddedTask === mine ? theirs : mine;
    // `_` in the prefix is a character, not LIKE's wildcard.
    expect(await t.app.services.queue.recoverAbandoned('gpu-box%')).toBe(0);
    expect(await t.app.services.queue.recoverAbandoned('embedded-')).toBe(1);
    expect((await byWorker(embeddedTask)).status).toBe('queued');
    expect((await byWorker(remoteTask)).status).toBe('generating');
    // The restarted server's worker takes it up; both end here.
    const api = createHttpWorkerApi({ serverUrl: base, token: TOKEN });
    const again = await post(
      '/worker/v1/claim',
      { worker_id: 'embedded-99', engines: ['local'] },
      auth,
    );
    expect(again.result.task.id).toBe(embeddedTask);
    expect(await api.fail(embeddedTask, 'embedded-99', 'the test is over')).toBe(true);
    expect(await api.fail(remoteTask, 'gpu-box_1', 'the test is over')).toBe(true);
  });

  it('holds a claim until a task is queued (long polling), and gives a hung-up worker none', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const ticket = await signIn('longpoll@example.com');
    const submit = async (prompt: string) =>
      (await submitImage(ticket, { prompt })).result.task_id as string;

    // Nothing queued: the claim waits its full time, then answers none with the counts.
    let started = performance.now();
    const empty = await post(
      '/worker/v1/claim',
      { worker_id: 'patient', engines: ['local'], wait_s: 1 },
      auth,
    );
    expect(empty.result.task).toBeNull();
    expect(empty.result.waiting.queued).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);

    // A task queued while it waits is handed over at once.
    started = performance.now();
    const waiting = post(
      '/worker/v1/claim',
      { worker_id: 'patient', engines: ['local'], wait_s: 15 },
      auth,
    );
    await new Promise((r) => setTimeout(r, 300));
    const id = await submit('a kite over the dunes');
    const claimed = await waiting;
    expect(claimed.result.task.id).toBe(id);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(
      await createHttpWorkerApi({ serverUrl: base, token: TOKEN }).fail(
        id,
        'patient',
        'the test is over',
      ),
    ).toBe(true);

    // A worker that hangs up while it waits takes nothing with it.
    const hangUp = new AbortController();
    const gone = fetch(`${base}/worker/v1/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ worker_id: 'gone', engines: ['local'], wait_s: 15 }),
      signal: hangUp.signal,
    }).catch(() => 'hung up');
    await new Promise((r) => setTimeout(r, 300));
    hangUp.abort();
    expect(await gone).toBe('hung up');
    await new Promise((r) => setTimeout(r, 100));
    const next = await submit('a second kite');
    await new Promise((r) => setTimeout(r, 300));
    expect((await taskRow(next))?.status).toBe('queued');
    const taker = await post('/worker/v1/claim', { worker_id: 'taker', engines: ['local'] }, auth);
    expect(taker.result.task.id).toBe(next);
    expect(
      await createHttpWorkerApi({ serverUrl: base, token: TOKEN }).fail(
        next,
        'taker',
        'the test is over',
      ),
    ).toBe(true);

    expect(
      (await post('/worker/v1/claim', { worker_id: 'x', engines: ['local'], wait_s: 21 }, auth))
        .code,
    ).toBe(1001);
  });
});

describe('a task that fails after storing some outputs', () => {
  it('leaves no files or media rows behind, and gives the credits back', async () => {
    const ticket = await signIn('halfway@example.com');
    const balance = () => creditsOf(ticket);
    const before = await balance();
    const submitted = await submitImage(ticket, { prompt: 'two kites', params: { batch_size: 2 } });
    const id = submitted.result.task_id as string;
    const claimed = await post(
      '/worker/v1/claim',
      { worker_id: 'halfway', engines: ['local'] },
      { authorization: `Bearer ${TOKEN}` },
    );
    expect(claimed.result.task.id).toBe(id);
    const good = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#a33' },
    })
      .png()
      .toBuffer();
    // The first output is stored, the second is of a type no output may have: the completion
    // is refused halfway.
    await expect(
      t.app.services.queue.complete(id, 'halfway', [
        { kind: 'image', mime: 'image/png', bytes: good, seed: 1 },
        { kind: 'model', mime: 'application/zip', bytes: Buffer.from('PK'), seed: 2 },
      ]),
    ).rejects.toThrow(/unsupported output type/);
    const rows = () => t.database.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, id));
    // The first one's files are stored; their row would have come with the task's end.
    const [task] = await t.database.db.select().from(tasks).where(eq(tasks.id, id));
    const first = { key: `outputs/${task!.userId}/${id}/0.png` };
    const thumbKey = `outputs/${task!.userId}/${id}/0_thumb.webp`;
    expect(await onDisk(first.key)).toBe(true);
    expect(await onDisk(thumbKey)).toBe(true);

    expect(await t.app.services.queue.fail(id, 'halfway', 'output 1 has an unsupported type')).toBe(
      true,
    );
    expect(await rows()).toEqual([]);
    expect(await onDisk(first.key)).toBe(false);
    expect(await onDisk(thumbKey)).toBe(false);
    expect(await balance()).toBe(before);
  });
});

describe('a task cancelled while its outputs are being stored', () => {
  it('keeps none of them, and the credits come back once', async () => {
    const ticket = await signIn('cancel-midway@example.com');
    const before = await creditsOf(ticket);
    const submitted = await submitImage(ticket, { prompt: 'a late cancel', params: {} });
    const id = submitted.result.task_id as string;
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await post('/worker/v1/claim', { worker_id: 'slow', engines: ['local'] }, auth)).result.task
        .id,
    ).toBe(id);
    // The completion stops at its thumbnail, its original already stored; the cancel lands there.
    let reached!: () => void;
    const atThumbnail = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    thumbnailGate = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const picture = await sharp({
      create: { width: 512, height: 512, channels: 3, background: '#35a' },
    })
      .png()
      .toBuffer();
    const completing = t.app.services.queue.complete(id, 'slow', [
      { kind: 'image', mime: 'image/png', bytes: picture, seed: 5 },
    ]);
    const original = path.join(t.config.dataDir, 'media', 'outputs');
    const stored = async () =>
      (await fs.readdir(original, { recursive: true }).catch(() => [] as string[])).some((f) =>
        String(f).endsWith(`${id}/0.png`),
      );
    await atThumbnail;
    await expect.poll(stored, { interval: 5, timeout: 10_000 }).toBe(true);
    const cancelled = await post(
      `/prod-api/content/tasks/${id}/cancel`,
      {},
      { authorization: `Bearer ${ticket}` },
    );
    thumbnailGate = null;
    release();
    expect(cancelled.code).toBe(0);

    expect(await completing).toBe(false);
    expect((await taskRow(id))!.status).toBe('cancelled');
    expect(
      await t.database.db.select().from(mediaObjects).where(eq(mediaObjects.taskId, id)),
    ).toEqual([]);
    expect(await stored()).toBe(false);
    expect(await creditsOf(ticket)).toBe(before);
  });
});

describe('a hand-back racing a completion', () => {
  it('lets exactly one of them through, and the credits follow the one that won', async () => {
    const ticket = await signIn('racer@example.com');
    const before = await creditsOf(ticket);
    const submitted = await submitImage(ticket, { prompt: 'a race', params: { batch_size: 1 } });
    const id = submitted.result.task_id as string;
    const cost = submitted.result.cost as number;
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await post('/worker/v1/claim', { worker_id: 'racer', engines: ['local'] }, auth)).result.task
        .id,
    ).toBe(id);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a3' } })
      .png()
      .toBuffer();
    const [completed, released] = await Promise.all([
      t.app.services.queue.complete(id, 'racer', [
        { kind: 'image', mime: 'image/png', bytes: png, seed: 3 },
      ]),
      t.app.services.queue.release(id, 'racer'),
    ]);
    expect([completed, released].filter(Boolean)).toHaveLength(1);
    const row = (await taskRow(id))!;
    if (completed) {
      expect(row.status).toBe('done');
      expect(await creditsOf(ticket)).toBe(before - cost);
    } else {
      // Handed back: queued again with its hold; a worker that fails it refunds it whole.
      expect(row.status).toBe('queued');
      expect(await creditsOf(ticket)).toBe(before - cost);
      const again = await post('/worker/v1/claim', { worker_id: 'next', engines: ['local'] }, auth);
      expect(again.result.task.id).toBe(id);
      expect(await t.app.services.queue.fail(id, 'next', 'the test is over')).toBe(true);
      expect(await creditsOf(ticket)).toBe(before);
    }
  });
});

describe('a server that closes', () => {
  it('answers the claims still waiting, so that it need not wait for them', async () => {
    const own = await createTestApp({ env: { WORKER_TOKENS: TOKEN } });
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(own.app.server.address() as AddressInfo).port}`;
    const waiting = fetch(`${url}/worker/v1/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ worker_id: 'patient', engines: ['local'], wait_s: 20 }),
    }).then(async (res) => (await res.json()) as Json);
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    await own.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await waiting).result.task).toBeNull();
  });
});

import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpWorkerApi } from '@lumen/worker/http-worker-api';
import { createApiCaller } from '../../../test/support/api-caller';
import { openEventStream } from '../../../test/support/sse';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const TOKEN = 'a-worker-token-for-previews';
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WORKER_TOKENS: TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('live previews from a worker', () => {
  it("reach the task's owner as a small JPEG on the event stream, and only from its worker", async () => {
    const api = createApiCaller(t);
    const owner = await api.signIn('previews@example.com');
    const stream = await openEventStream(base, owner.ticket);
    const submitted = await api.call('POST', '/api/gw/v3/image/txt2img/async', owner.ticket, {
      prompt: 'a lighthouse at dusk',
    });
    const taskId = submitted.result.task_id as string;
    const worker = createHttpWorkerApi({ serverUrl: base, token: TOKEN });
    const claimed = await worker.claim({ workerId: 'gpu-7', engines: ['local'], taskTypes: null });
    expect(claimed?.id).toBe(taskId);
    await worker.heartbeat(taskId, 'gpu-7', 40);

    await worker.preview!(taskId, 'gpu-7', { mime: 'image/png', bytes: await picture(512, 256) });
    const event = await stream.next('task', (e) => typeof e.preview === 'string');
    stream.close();
    expect(event).toMatchObject({ task_id: taskId, status: 'generating', progress: 40 });
    const preview = event.preview as string;
    expect(preview).toMatch(/^data:image\/jpeg;base64,/);
    const meta = await sharp(Buffer.from(preview.split(',')[1]!, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([64, 32]);
    // Small enough to cross between API nodes in one PostgreSQL NOTIFY.
    expect(preview.length).toBeLessThan(4000);

    const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
    const send = async (body: object) =>
      (await (
        await fetch(`${base}/worker/v1/tasks/${taskId}/preview`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify(body),
        })
      ).json()) as { code: number; result?: { continue: boolean } };
    const data = (await picture(8, 8)).toString('base64');
    // Another worker's preview is refused and told to stop; so is one without a token.
    expect((await send({ worker_id: 'gpu-8', mime: 'image/png', data })).result).toEqual({
      continue: false,
    });
    expect(
      (
        await fetch(`${base}/worker/v1/tasks/${taskId}/preview`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ worker_id: 'gpu-7', mime: 'image/png', data }),
        })
      ).status,
    ).toBeLessThan(500);
    // Bytes that are no picture are dropped without failing the run.
    const garbage = Buffer.from('not a picture').toString('base64');
    expect((await send({ worker_id: 'gpu-7', mime: 'image/png', data: garbage })).result).toEqual({
      continue: true,
    });
    // Not base64 at all: a clear refusal, no 5xx.
    const refused = await send({ worker_id: 'gpu-7', mime: 'image/png', data: '***' });
    expect(refused.code).not.toBe(0);
  });
});

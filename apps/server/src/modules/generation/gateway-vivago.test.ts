import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';

/** Requests sent exactly as vivago's clients send them (scripts, SDKs, agent skills). */
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
let worker: WorkerRunner;
let ticket: string;
beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
  worker = startTestWorker(t);
  ticket = (await api.signIn('sdk@example.com')).ticket;
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function send(method: 'GET' | 'POST', url: string, body?: object, as = ticket) {
  const res = await t.app.inject({
    method,
    url,
    headers: as ? { authorization: `Bearer ${as}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

describe('errors a polling client understands', () => {
  it('an unknown task answers HTTP 200 with a non-zero code and a message', async () => {
    const res = await send(
      'GET',
      `/api/gw/v3/image/image/async/results?task_id=${randomUUID()}&request_id=poll-1`,
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1004);
    expect(res.body.message).toBeTruthy();
    expect(res.body.message).toBe(res.body.msg);
    expect(res.body.request_id).toBe('poll-1');
  });

  it('bad parameters answer HTTP 200, code 1001, and echo the request id', async () => {
    const res = await send('POST', '/api/gw/v3/image/txt2img/async', {
      prompt: 'x',
      params: { batch_size: 99 },
      request_id: 'req-42',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1001, request_id: 'req-42' });
    expect(res.body.message).toContain('params.batch_size');
  });

  it('an unknown ticket asks for a login; the rest of the API keeps its statuses', async () => {
    const res = await send(
      'GET',
      `/api/gw/v3/image/image/async/results?task_id=${randomUUID()}`,
      undefined,
      'not-a-ticket',
    );
    expect(res.body.code).toBe(3015);
    const elsewhere = await send('GET', '/prod-api/content/works/999999');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).not.toHaveProperty('message');
  });
});

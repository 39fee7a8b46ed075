import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkerRunner } from '@lumen/worker/runner';
import { readMailedCode } from '../../../test/support/mailbox';
import { openEventStream } from '../../../test/support/sse';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestWorker } from '../../../test/support/worker';

let t: TestApp;
let worker: WorkerRunner;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  worker = startTestWorker(t);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

async function post(path: string, body: object, ticket?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; result: Record<string, string> };
}

describe('task events over Server-Sent Events', () => {
  it('streams queued, generating and done for my task', async () => {
    const email = 'watcher@example.com';
    await post('/prod-api/user/captcha', { method: 'email', email });
    const captcha = await readMailedCode(t, email);
    const ticket = (await post('/prod-api/user/login', { loginType: 'email', email, captcha }))
      .result.ticket!;

    const stream = await openEventStream(base, ticket);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    const submitted = await post('/api/gw/v3/image/txt2img/async', { prompt: 'fireflies' }, ticket);
    const statuses: string[] = [];
    while (statuses.at(-1) !== 'done') {
      const event = await stream.next('task', (e) => e.task_id === submitted.result.task_id);
      statuses.push(event.status as string);
    }
    stream.close();
    expect(statuses[0]).toBe('queued');
    expect(statuses).toContain('generating');
    expect(statuses.at(-1)).toBe('done');
  });

  it('needs a session', async () => {
    const res = await fetch(`${base}/prod-api/content/tasks/events`);
    expect(((await res.json()) as { code: number }).code).toBe(3015);
  });
});

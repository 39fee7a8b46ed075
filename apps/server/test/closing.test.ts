import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app';

describe('closing the server', () => {
  it('ends at once when a request answered during the close leaves a keep-alive connection', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    const t = await createTestApp({
      extend: (app) =>
        app.get('/slow-for-close', async () => {
          reached();
          await gate;
          return { ok: true };
        }),
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // A keep-alive client (fetch keeps its connections open between requests).
    const answer = fetch(`${url}/slow-for-close`).then((res) => res.json());
    await arrived;
    const started = performance.now();
    const closed = t.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect(await answer).toEqual({ ok: true });
    await closed;
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 90_000);
});

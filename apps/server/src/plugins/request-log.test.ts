import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { SLOW_REQUEST_MS } from './request-log';

type Line = {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app at `level`, with a fast, a slow and a failing route; its log lines as they come. */
async function appLogging(level: string) {
  const lines: Line[] = [];
  t = await createTestApp({
    env: { LOG_LEVEL: level },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) },
    extend: (app) => {
      app.get('/test/fast', async () => ({ ok: true }));
      app.get('/test/slow', async () => {
        await sleep(SLOW_REQUEST_MS + 20);
        return { ok: true };
      });
      app.get('/test/held', { config: { longLived: true } }, async () => {
        await sleep(SLOW_REQUEST_MS + 20);
        return { ok: true };
      });
      app.get('/test/broken', async () => {
        throw new Error('broken on purpose');
      });
    },
  });
  const requests = () => lines.filter((l) => l.url?.startsWith('/test/'));
  return { app: t.app, requests };
}

describe('request logging', () => {
  it('logs nothing for a fast answer at info, and a slow or failed one with its timing', async () => {
    const { app, requests } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/test/fast?ticket=secret' });
    expect(requests()).toEqual([]);

    await app.inject({ method: 'GET', url: '/test/slow?ticket=secret' });
    await app.inject({ method: 'GET', url: '/test/broken' });
    const [slow, broken] = requests();
    expect(slow).toMatchObject({
      level: 40,
      msg: 'slow request',
      method: 'GET',
      url: '/test/slow',
    });
    expect(slow!.status).toBe(200);
    expect(slow!.ms).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
    expect(broken).toMatchObject({ level: 50, msg: 'request failed', url: '/test/broken' });
    expect(broken!.status).toBe(500);
    // The query string never reaches the log.
    expect(JSON.stringify(requests())).not.toContain('secret');
  });

  it('does not call a request slow that its route holds open on purpose', async () => {
    const { app, requests } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/test/held' });
    expect(requests()).toEqual([]);
  });

  it('logs every request at debug', async () => {
    const { app, requests } = await appLogging('debug');
    await app.inject({ method: 'GET', url: '/test/fast?code=123456' });
    await app.inject({ method: 'POST', url: '/test/fast' });
    expect(requests().map((l) => [l.level, l.method, l.url, l.status])).toEqual([
      [20, 'GET', '/test/fast', 200],
      [20, 'POST', '/test/fast', 404],
    ]);
    expect(requests()[0]!.ms).toBeGreaterThanOrEqual(0);
  });
});

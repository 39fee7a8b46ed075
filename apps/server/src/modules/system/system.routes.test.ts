import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { APP_VERSION: '1.2.3-test' } });
});
afterAll(() => t.close());

describe('system routes', () => {
  it('reports health while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      database_version: expect.stringMatching(/^PostgreSQL \d+\.\d+$/),
    });
  });

  it('serves the version uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/version.json' });
    expect(res.json()).toEqual({ version: '1.2.3-test' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes an OpenAPI document listing the API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/prod-api/content/algo_config/list', '/api/dc/v1/events']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });

  it('answers unknown API paths with 404 in the envelope, translated', async () => {
    for (const url of ['/prod-api/does-not-exist', '/api/nope', '/capi/notify/x']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-accept-language': 'es' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(1004);
      expect(res.json().msg).toContain('no existe');
    }
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().database).toBe('down');
    await other.app.close();
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'index-Bx12_abcD.js'), 'console.log(1)');
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('serving the web app', () => {
  it('answers page paths with index.html (history mode), revalidated', async () => {
    for (const url of ['/', '/studio', '/home?x=1', '/some/deep/page']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and plain files briefly', async () => {
    const asset = await get('/assets/index-Bx12_abcD.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('never answers a missing asset or API path with the page', async () => {
    expect((await get('/assets/gone-12345678.js')).statusCode).toBe(404);
    expect((await get('/robots.txt')).statusCode).toBe(404);
    expect((await get('/../package.json')).statusCode).not.toBe(200);
    const api = await get('/prod-api/content/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(1004);
  });
});

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

describe('serving prerendered public pages', () => {
  let pagesDist: string;
  let app: TestApp;
  const page = (name: string) =>
    `<!doctype html><html data-prerendered="fresh"><div id="root"><h1>${name}</h1></div></html>`;
  beforeAll(async () => {
    pagesDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-dist-'));
    await fs.mkdir(path.join(pagesDist, 'prerendered'), { recursive: true });
    await fs.writeFile(path.join(pagesDist, 'index.html'), '<!doctype html><div id="root"></div>');
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'user', path: '/u/:id' },
    ];
    await fs.writeFile(
      path.join(pagesDist, 'prerendered', 'pages.json'),
      JSON.stringify({ pages, languages: ['en', 'ja'], viewports: ['mobile', 'desktop'] }),
    );
    for (const { name } of pages)
      for (const language of ['en', 'ja'])
        for (const viewport of ['mobile', 'desktop'])
          await fs.writeFile(
            path.join(pagesDist, 'prerendered', `${name}.${language}.${viewport}.html`),
            page(`${name} ${language} ${viewport}`),
          );
    app = await createTestApp({ env: { WEB_DIST_DIR: pagesDist } });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(pagesDist, { recursive: true, force: true });
  });
  const phone = 'Mozilla/5.0 (Linux; Android 11; moto g power) Mobile Safari/537.36';

  it("answers in the visitor's language and for their screen, and says what it varies on", async () => {
    const res = await app.app.inject({
      url: '/',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8', 'user-agent': phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<h1>landing ja mobile</h1>');
    expect(res.headers.vary).toContain('accept-language');
    expect(res.headers.vary).toContain('cookie');

    const desktop = await app.app.inject({ url: '/u/42', headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(desktop.body).toContain('<h1>user en desktop</h1>');
  });

  it('follows the language chosen in the app over the browser’s', async () => {
    const res = await app.app.inject({
      url: '/',
      headers: {
        'accept-language': 'en',
        cookie: 'a=1; lumen_language=ja',
        'sec-ch-ua-mobile': '?1',
      },
    });
    expect(res.body).toContain('<h1>landing ja mobile</h1>');
  });

  it('answers other pages, and languages it has no page for, with the plain app', async () => {
    for (const [url, language] of [
      ['/studio', 'ja'],
      ['/u/1/extra', 'en'],
      ['/', 'zh-CN'],
    ] as const) {
      const res = await app.app.inject({ url, headers: { 'accept-language': language } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
    }
  });
});

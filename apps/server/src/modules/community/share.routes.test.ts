import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createUser } from '../../../test/support/factories';
import { insertWork } from './community.fixtures';
import { escapeHtml, injectShareTags } from './share-page';

let t: TestApp;
let webDir: string;
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Lumen: create images."
    />
    <title>Lumen</title>
    <script type="module" src="/assets/index-abcdefgh.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), page);
  t = await createTestApp({
    env: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://lumen.example' },
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('share links', () => {
  it('answer the app page with escaped Open Graph and Twitter tags for an approved work', async () => {
    const author = await createUser(t.database.db, { nickname: 'Mina' });
    const work = await insertWork(t.database.db, author.id, {
      title: '<script>alert("x")</script> Kites & "Clouds"',
      description: '',
    });
    const res = await t.app.inject({ method: 'GET', url: `/w/${work.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).not.toContain('<script>alert');
    const escaped =
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Kites &amp; &quot;Clouds&quot;';
    expect(meta(html, 'og:title')).toBe(escaped);
    expect(meta(html, 'twitter:title')).toBe(escaped);
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(meta(html, 'og:description')).toBe('by Mina on Lumen');
    expect(meta(html, 'description')).toBe('by Mina on Lumen');
    expect(meta(html, 'og:url')).toBe(`https://lumen.example/w/${work.id}`);
    expect(meta(html, 'og:image')).toBe(`https://lumen.example/w/${work.id}/image`);
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The SPA still boots from the same page.
    expect(html).toContain('<script type="module" src="/assets/index-abcdefgh.js"></script>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));

    const image = await t.app.inject({ method: 'GET', url: `/w/${work.id}/image` });
    expect(image.statusCode).toBe(302);
    expect(image.headers.location).toContain(work.thumbKey!);
  });

  it('answer 404 with generic tags for unknown, unapproved or malformed works', async () => {
    const author = await createUser(t.database.db);
    const hidden = await insertWork(t.database.db, author.id, { status: 'hidden' });
    for (const id of [String(hidden.id), '987654321', 'not-a-number']) {
      const res = await t.app.inject({ method: 'GET', url: `/w/${id}` });
      expect(res.statusCode).toBe(404);
      expect(meta(res.body, 'og:title')).toBe('Lumen');
      expect(meta(res.body, 'og:image')).toBeUndefined();
      expect(res.body).toContain('<div id="root"></div>');
      expect((await t.app.inject({ method: 'GET', url: `/w/${id}/image` })).statusCode).toBe(404);
    }
  });

  it('escape every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe(
      '&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;',
    );
    const html = injectShareTags('<html><head></head><body></body></html>', {
      title: 'T',
      description: 'D',
      url: 'https://x/w/1',
      image: null,
      type: 'website',
    });
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });

  it('are listed in the OpenAPI document with the other community routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const route of [
      '/w/{work_id}',
      '/prod-api/content/works/explore',
      '/prod-api/content/works/{id}/comments',
      '/prod-api/content/campaign',
      '/capi/notify/queryNotifyList',
      '/prod-api/admin/works/{id}/approve',
    ]) {
      expect(doc.paths[route], route).toBeDefined();
    }
    expect(Object.keys(doc.paths['/prod-api/content/works/{id}/like']!).sort()).toEqual([
      'delete',
      'post',
    ]);
  });
});

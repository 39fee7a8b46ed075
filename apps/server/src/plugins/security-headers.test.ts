import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { PAGE_BOOT_SCRIPT_HASH } from './security-headers';

/** Scripts from the app's own files and, inline, the boot script by its hash: nothing else. */
const SCRIPT_SOURCES = ["'self'", PAGE_BOOT_SCRIPT_HASH];

let webDir: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lumen-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Lumen</title></head><body><div id="root"></div>' +
      '<script type="module" src="/assets/index-AbCdEf12.js"></script></body></html>',
  );
  await fs.writeFile(path.join(webDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1);');
});

afterAll(async () => {
  await fs.rm(webDir, { recursive: true, force: true });
});

/** The policy's directives by name, e.g. `{ 'img-src': ["'self'", 'data:'] }`. */
function directivesOf(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...values]) => [name, values]),
  );
}

async function withApp(env: Record<string, string>, check: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ env: { WEB_DIST_DIR: webDir, ...env } });
  try {
    await check(t);
  } finally {
    await t.close();
  }
}

const answers = [
  { name: 'the web app', url: '/' },
  { name: 'a page path', url: '/explore' },
  { name: 'a built asset', url: '/assets/index-AbCdEf12.js' },
  { name: 'a share link', url: '/w/123456' },
  { name: 'the API docs', url: '/api/docs/' },
  { name: 'an API answer', url: '/prod-api/content/campaigns' },
  { name: 'an API error', url: '/prod-api/user/info' },
  { name: 'an unknown API path', url: '/prod-api/nothing-here' },
  { name: 'the health check', url: '/healthz' },
];

describe('security headers', () => {
  it('go with every answer: pages, assets, the share page, the docs and the API', async () => {
    await withApp({}, async (t) => {
      for (const { name, url } of answers) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, name).toBeLessThan(500);
        const csp = directivesOf(res.headers['content-security-policy']);
        expect(csp['default-src'], name).toEqual(["'self'"]);
        expect(csp['script-src'], name).toEqual(SCRIPT_SOURCES);
        expect(csp['frame-ancestors'], name).toEqual(["'none'"]);
        expect(csp['object-src'], name).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options'], name).toBe('nosniff');
        expect(res.headers['x-frame-options'], name).toBe('DENY');
        expect(res.headers['referrer-policy'], name).toBe('same-origin');
        expect(res.headers['strict-transport-security'], name).toBeUndefined();
      }
    });
  });

  it('allow no inline or evaluated script anywhere in the policy', async () => {
    await withApp({}, async (t) => {
      const res = await t.app.inject({ url: '/' });
      const header = String(res.headers['content-security-policy']);
      const scripts = Object.entries(directivesOf(header)).filter(([name]) =>
        /^(?:default|script)-src/.test(name),
      );
      for (const [name, values] of scripts) {
        expect(values, name).not.toContain("'unsafe-inline'");
        expect(values, name).not.toContain("'unsafe-eval'");
      }
      expect(directivesOf(header)['script-src-attr']).toEqual(["'none'"]);
      expect(header).not.toContain('upgrade-insecure-requests');
    });
  });

  it('turn on HSTS and request upgrades when the public address is https', async () => {
    await withApp({ PUBLIC_URL: 'https://lumen.example.com' }, async (t) => {
      for (const url of ['/', '/prod-api/content/campaigns']) {
        const res = await t.app.inject({ url });
        expect(res.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(directivesOf(res.headers['content-security-policy'])).toHaveProperty(
          'upgrade-insecure-requests',
        );
      }
    });
  });

  it('let the browser load, upload to and download from the S3 bucket when one is set', async () => {
    const s3 = {
      S3_BUCKET: 'lumen-media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    await withApp(
      { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' },
      async (t) => {
        const csp = directivesOf(
          (await t.app.inject({ url: '/' })).headers['content-security-policy'],
        );
        for (const name of ['img-src', 'media-src', 'connect-src']) {
          expect(csp[name], name).toContain('http://127.0.0.1:9000');
        }
        expect(csp['script-src']).toEqual(SCRIPT_SOURCES);
      },
    );
    await withApp({ ...s3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false' }, async (t) => {
      const csp = directivesOf(
        (await t.app.inject({ url: '/' })).headers['content-security-policy'],
      );
      for (const name of ['img-src', 'media-src', 'connect-src']) {
        expect(csp[name], name).toContain('https://lumen-media.s3.eu-west-3.amazonaws.com');
      }
    });
  });

  it('keep other sites from holding the app, but not the sign-in pop-up from its opener', async () => {
    await withApp({}, async (t) => {
      for (const url of ['/', '/pay', '/login-discordx/more', '/prod-api/user/info']) {
        const res = await t.app.inject({ url });
        expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      }
      for (const url of [
        '/login-discord',
        '/login-google?code=1&state=2',
        '/prod-api/user/oauth/authorize/discord?state=1',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
        expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      }
    });
  });

  it('keep the local media store and previews within the app', async () => {
    await withApp({}, async (t) => {
      const csp = directivesOf(
        (await t.app.inject({ url: '/' })).headers['content-security-policy'],
      );
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['media-src']).toEqual(["'self'", 'blob:']);
      expect(csp['connect-src']).toEqual(["'self'", 'blob:']);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { isHostShaped } from '../../lib/request-origin';
import { caller, solidImage } from './media.fixtures';

/** Starts an upload as a request that came in with these headers; answers its upload_url. */
async function uploadUrl(t: TestApp, ticket: string, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/prod-api/content/uploads',
    headers: { ...headers, authorization: `Bearer ${ticket}` },
    payload: { filename: 'cat.png', content_type: 'image/png', size: 1000 },
  });
  expect(res.json()).toMatchObject({ code: 0 });
  return res.json().result.upload_url as string;
}

describe('absolute media URLs without PUBLIC_URL', () => {
  let t: TestApp;
  let ticket: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ ticket } = await caller(t).signIn('origins@example.com'));
  });
  afterAll(() => t.close());

  it('name the address each request came in at', async () => {
    expect(await uploadUrl(t, ticket, { host: '127.0.0.1:8080' })).toMatch(
      /^http:\/\/127\.0\.0\.1:8080\/files\/upload\//,
    );
    expect(await uploadUrl(t, ticket, { host: '192.168.1.5:8080' })).toMatch(
      /^http:\/\/192\.168\.1\.5:8080\/files\/upload\//,
    );
    expect(await uploadUrl(t, ticket, { host: '[::1]:8080' })).toMatch(
      /^http:\/\/\[::1\]:8080\/files\/upload\//,
    );
  });

  it('accept the PUT at the URL they answered', async () => {
    const bytes = await solidImage(8, 8, 'png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/content/uploads',
      headers: { host: '192.168.1.5:8080', authorization: `Bearer ${ticket}` },
      payload: { filename: 'dot.png', content_type: 'image/png', size: bytes.length },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: res.json().result.upload_url as string,
      payload: bytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
  });

  it('fall back to the default address for a malformed Host', async () => {
    for (const host of ['evil.example/x', 'a b', 'user@evil.example', 'evil.example:99999']) {
      expect(await uploadUrl(t, ticket, { host })).toMatch(/^http:\/\/localhost:8080\/files\//);
    }
  });

  it('ignore X-Forwarded-Host and -Proto from a client that is not a trusted proxy', async () => {
    const url = await uploadUrl(t, ticket, {
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\//);
  });
});

describe('absolute media URLs behind a trusted proxy, without PUBLIC_URL', () => {
  let t: TestApp;
  let ticket: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    ({ ticket } = await caller(t).signIn('proxied@example.com'));
  });
  afterAll(() => t.close());

  it('name the address the proxy was reached at', async () => {
    const url = await uploadUrl(t, ticket, {
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'lumen.example',
      'x-forwarded-proto': 'https',
    });
    expect(url).toMatch(/^https:\/\/lumen\.example\/files\/upload\//);
  });
});

describe('absolute media URLs with PUBLIC_URL set', () => {
  let t: TestApp;
  let ticket: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://media.lumen.example/' } });
    ({ ticket } = await caller(t).signIn('fixed@example.com'));
  });
  afterAll(() => t.close());

  it('name PUBLIC_URL whatever Host the request carried', async () => {
    for (const host of ['127.0.0.1:8080', '192.168.1.5:8080', 'evil.example']) {
      expect(await uploadUrl(t, ticket, { host })).toMatch(
        /^https:\/\/media\.lumen\.example\/files\/upload\//,
      );
    }
  });
});

describe('isHostShaped', () => {
  it('takes host[:port] and nothing else', () => {
    for (const ok of [
      'localhost',
      'LOCALHOST:80',
      '127.0.0.1:8080',
      'a-b.example.com',
      '[::1]:3000',
    ]) {
      expect(isHostShaped(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'a/b',
      'a b',
      'u@h',
      'h:',
      'h:70000',
      'h:80:80',
      '-h.example',
      'h.example,evil.example',
      'h?x',
      'h#x',
      '[::1',
    ]) {
      expect(isHostShaped(bad), bad).toBe(false);
    }
  });
});

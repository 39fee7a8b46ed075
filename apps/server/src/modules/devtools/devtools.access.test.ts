import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;

beforeAll(async () => {
  // Even a peer named as a proxy cannot vouch for a request: forwarding never opens the pages.
  t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
  await t.app.inject({
    method: 'POST',
    url: '/prod-api/user/captcha',
    payload: { method: 'email', email: 'ann@example.com' },
  });
});

afterAll(async () => {
  await t.close();
});

const paths: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/dev/mailbox' },
  { method: 'GET', url: '/dev/mailbox/messages' },
  { method: 'GET', url: '/dev/sms' },
  { method: 'GET', url: '/dev/sms/messages' },
  { method: 'POST', url: '/dev/jobs/invite-rewards' },
];

describe('the developer pages', () => {
  it('answer the machine itself', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const { method, url } of paths) {
        const res = await t.app.inject({ method, url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${method} ${url}`).toBe(200);
      }
    }
    const page = await t.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(page.body).toContain('ann@example.com');
    // The page's own policy replaces the app's; it still may not be framed.
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('answer 404 to any other peer, whatever its forwarding headers claim', async () => {
    const cases: { remoteAddress: string; headers?: Record<string, string> }[] = [
      { remoteAddress: '203.0.113.5' },
      { remoteAddress: '192.168.1.20' },
      { remoteAddress: '203.0.113.5', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '10.1.2.3', headers: { 'x-forwarded-for': '127.0.0.1' } },
      { remoteAddress: '203.0.113.5', headers: { forwarded: 'for=127.0.0.1', host: 'localhost' } },
      // A proxy on this machine passing on someone else's request.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
      { remoteAddress: '127.0.0.1', headers: { 'x-real-ip': '203.0.113.5' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.5' } },
    ];
    for (const { remoteAddress, headers } of cases) {
      for (const { method, url } of paths) {
        const res = await t.app.inject({
          method,
          url,
          remoteAddress,
          ...(headers ? { headers } : {}),
        });
        const label = `${remoteAddress} ${JSON.stringify(headers ?? {})} ${method} ${url}`;
        expect(res.statusCode, label).toBe(404);
        expect(res.body, label).not.toContain('ann@example.com');
      }
    }
    const raw = await t.app.inject({
      url: '/dev/mailbox/messages',
      remoteAddress: '127.0.0.1',
    });
    const id = raw.json<{ messages: { id: string }[] }>().messages[0]?.id ?? '';
    const remoteRaw = await t.app.inject({ url: `/dev/mailbox/${id}`, remoteAddress: '::2' });
    expect(remoteRaw.statusCode).toBe(404);
    expect(remoteRaw.body).not.toContain('ann@example.com');
  });

  it('do not exist in production', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const { method, url } of paths) {
        const res = await production.app.inject({ method, url, remoteAddress: '127.0.0.1' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

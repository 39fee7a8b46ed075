import { randomInt } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { afterEach, describe, expect, it } from 'vitest';
import { CAPTCHA_HOURLY_PER_IP } from '../src/modules/auth/captcha.service';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const randomAddress = () =>
  `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Asks for a code for a fresh address each time, claiming a fresh client address each time. */
async function sendCodes(app: TestApp['app'], count: number, peer: string): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/user/captcha',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': randomAddress() },
      payload: { method: 'email', email: `visitor${i}@example.com` },
    });
    codes.push(res.json<{ code: number }>().code);
  }
  return codes;
}

describe('the client address', () => {
  it('ignores X-Forwarded-For when TRUST_PROXY is unset: the per-address limit holds', async () => {
    t = await createTestApp();
    const codes = await sendCodes(t.app, 35, '198.51.100.7');
    expect(codes.slice(0, CAPTCHA_HOURLY_PER_IP)).toEqual(Array(CAPTCHA_HOURLY_PER_IP).fill(0));
    expect(codes.slice(CAPTCHA_HOURLY_PER_IP)).toEqual(
      Array(35 - CAPTCHA_HOURLY_PER_IP).fill(ErrorCode.tooManyRequests),
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a named proxy', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
    const codes = await sendCodes(t.app, 31, '198.51.100.7');
    expect(codes.at(-1)).toBe(ErrorCode.tooManyRequests);
  });

  it('counts each client under its own address behind a named proxy', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8' } });
    const codes = await sendCodes(t.app, 35, '10.1.2.3');
    expect(codes).toEqual(Array(35).fill(0));
  });

  it('is the peer unless the peer is a named proxy, then the address that proxy saw', async () => {
    const ipSeenBy = async (env: Record<string, string>) => {
      t = await createTestApp({
        env,
        extend: (app) => app.get('/test/ip', async (request) => ({ ip: request.ip })),
      });
      const app = t.app;
      return async (peer: string, forwardedFor: string) =>
        (
          await app.inject({
            url: '/test/ip',
            remoteAddress: peer,
            headers: { 'x-forwarded-for': forwardedFor },
          })
        ).json<{ ip: string }>().ip;
    };
    const direct = await ipSeenBy({});
    expect(await direct('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await direct('127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
    await t?.close();

    const proxied = await ipSeenBy({ TRUST_PROXY: 'loopback,10.0.0.0/8' });
    expect(await proxied('198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await proxied('10.1.2.3', '203.0.113.9, 10.9.9.9')).toBe('203.0.113.9');
    // A client's own X-Forwarded-For entries, left of what the proxy appended, are not believed.
    expect(await proxied('127.0.0.1', '1.2.3.4, 198.51.100.8')).toBe('198.51.100.8');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

async function call(method: 'GET' | 'POST' | 'PUT', url: string, ticket?: string, body?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: ticket ? { authorization: `Bearer ${ticket}` } : {},
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function signIn(email: string): Promise<{ ticket: string; username: string }> {
  await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
  const captcha = await readMailedCode(t, email);
  const login = await call('POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email,
    captcha,
  });
  return { ticket: login.body.result.ticket, username: login.body.result.username };
}

describe('GET /prod-api/user/{segment}', () => {
  it("answers anyone a person's public profile by username, without e-mail or phone", async () => {
    const owner = await signIn('painter@example.com');
    await call('PUT', '/prod-api/user/profile', owner.ticket, {
      nickname: 'Painter',
      bio: 'Light and colour',
      birthday: '1990-02-03',
      birthday_visibility: 'private',
    });

    const seen = await call('GET', `/prod-api/user/${owner.username}`);
    expect(seen.status).toBe(200);
    expect(seen.body.code).toBe(0);
    expect(seen.body.result).toEqual({
      userId: expect.any(Number),
      username: owner.username,
      nickname: 'Painter',
      avatar: expect.any(String),
      bio: 'Light and colour',
      gender: null,
      birthday: null,
    });
    const text = JSON.stringify(seen.body);
    expect(text).not.toContain('painter@example.com');
    expect(text).not.toMatch(/"(email|phone|pending_email)"/);

    // Any letter case finds the same person; a public birthday is shown.
    await call('PUT', '/prod-api/user/profile', owner.ticket, { birthday_visibility: 'public' });
    const upper = await call('GET', `/prod-api/user/${owner.username.toUpperCase()}`);
    expect(upper.body.result).toMatchObject({ username: owner.username, birthday: '1990-02-03' });
  });

  it('answers "not found" for unknown and malformed names, and leaves the named calls alone', async () => {
    for (const name of ['nobodyhere', '1abc', 'a', 'x'.repeat(40)]) {
      const answer = await call('GET', `/prod-api/user/${name}`);
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(1004);
      expect(answer.body.msg).toBeTruthy();
    }
    const me = await signIn('named@example.com');
    const profile = await call('GET', '/prod-api/user/profile', me.ticket);
    expect(profile.body.result).toMatchObject({ email: 'named@example.com' });
    const info = await call('GET', '/prod-api/user/info', me.ticket);
    expect(info.body.code).toBe(0);
  });

  it('translates the refusal', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/user/nobodyhere',
      headers: { 'x-accept-language': 'ja' },
    });
    const en = await call('GET', '/prod-api/user/nobodyhere');
    expect(res.json<Json>().msg).not.toBe(en.body.msg);
  });
});

describe('the free-count check', () => {
  it('answers the free credits left and the runs the balance pays for, and asks for a session', async () => {
    const anonymous = await call('GET', '/prod-api/trade/v1/account/freeCount');
    expect(anonymous.body.code).toBe(3015);

    const me = await signIn('counter@example.com');
    const account = await call('GET', '/prod-api/trade/v1/account', me.ticket);
    const credits = account.body.result.credits as number;
    const free = (account.body.result.buckets as { kind: string; credits: number }[])
      .filter((b) => b.kind === 'free')
      .reduce((n, b) => n + b.credits, 0);
    expect(free).toBeGreaterThan(0);

    const counted = await call('GET', '/prod-api/trade/v1/account/freeCount', me.ticket);
    expect(counted.body.code).toBe(0);
    expect(counted.body.result).toEqual({
      freeCount: free,
      credits,
      runs: {
        image: credits,
        video: Math.floor(credits / 30),
        three: Math.floor(credits / 30),
      },
    });
  });
});

describe('GET /prod-api/user/login/adyoung', () => {
  it('answers that this sign-in is not offered, translated, and signs nobody in', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/user/login/adyoung?max_age=3600&request_id=abc',
      headers: { 'x-accept-language': 'es' },
    });
    const body = res.json<Json>();
    expect(res.statusCode).toBeLessThan(500);
    expect(body.code).toBe(3007);
    expect(body.msg).toContain('adyoung');
    expect(body.result ?? null).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

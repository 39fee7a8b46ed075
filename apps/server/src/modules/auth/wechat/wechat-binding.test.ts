import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../lib/clock';
import { readMailedCode } from '../../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../../test/support/test-app';
import { userIdentities, users } from '../auth.schema';
import { startTestWeChatProvider, type TestWeChatProvider } from './test-wechat-provider';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

let wechat: TestWeChatProvider;
let t: TestApp;
let bare: TestApp;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  wechat = await startTestWeChatProvider({ callbackHost: 'lumen.test' });
  const config = wechat.config();
  t = await createTestApp({
    clock,
    env: {
      PUBLIC_URL: 'http://lumen.test',
      OAUTH_WECHAT_CLIENT_ID: config.appId,
      OAUTH_WECHAT_CLIENT_SECRET: config.appSecret,
      OAUTH_WECHAT_AUTHORIZE_URL: config.authorizeUrl,
      OAUTH_WECHAT_API_URL: config.apiUrl,
    },
  });
  bare = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await wechat?.close();
});

async function call(
  app: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  ticket?: string,
  body?: object,
  language?: string,
) {
  const res = await app.app.inject({
    method,
    url,
    headers: {
      ...(ticket ? { authorization: `Bearer ${ticket}` } : {}),
      ...(language ? { 'x-accept-language': language } : {}),
    },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function signIn(app: TestApp, email: string): Promise<string> {
  await call(app, 'POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
  const captcha = await readMailedCode(app, email);
  const answer = await call(app, 'POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email,
    captcha,
  });
  return answer.body.result.ticket as string;
}

/** Asks for the QR-code page, "scans" it, and answers the code and state WeChat sent back. */
async function scan(ticket: string, account = wechat) {
  const started = await call(t, 'POST', '/prod-api/user/wechat/authorize', ticket);
  expect(started.status).toBe(200);
  const back = await account.scan(started.body.result.url as string);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

const alice = { openid: 'o-alice-openid', unionid: 'u-alice-union', nickname: 'Alice 微信' };
const bob = { openid: 'o-bob-openid', nickname: 'Bob' };

describe('WeChat binding', () => {
  it('sends the browser to WeChat’s QR-code page with a state, back to the profile', async () => {
    const ticket = await signIn(t, 'wx-url@example.com');
    const started = await call(t, 'POST', '/prod-api/user/wechat/authorize', ticket);
    const url = new URL(started.body.result.url as string);
    expect(url.origin + url.pathname).toBe(wechat.config().authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: wechat.appId,
      redirect_uri: 'http://lumen.test/account/profile',
      response_type: 'code',
      scope: 'snsapi_login',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('binds the WeChat that scanned, shows its nickname, and keys it on the unionid', async () => {
    const ticket = await signIn(t, 'wx-alice@example.com');
    const before = await call(t, 'GET', '/prod-api/user/wechat', ticket);
    expect(before.body.result).toEqual({
      available: true,
      bound: false,
      nickname: null,
      avatar: null,
      bound_at: null,
    });
    wechat.useAccount(alice);
    const bound = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, await scan(ticket));
    expect(bound.status).toBe(200);
    expect(bound.body.result).toMatchObject({
      available: true,
      bound: true,
      nickname: 'Alice 微信',
    });
    const profile = await call(t, 'GET', '/prod-api/user/profile', ticket);
    expect(profile.body.result.wechat_bound).toBe(true);
    const rows = await t.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.provider, 'wechat'));
    expect(rows.map((r) => r.subject)).toContain('u-alice-union');

    // Binding a second WeChat is refused until the first is unbound.
    const again = await call(t, 'POST', '/prod-api/user/wechat/authorize', ticket);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(1009);
  });

  it('keys a WeChat without a unionid on its openid', async () => {
    const ticket = await signIn(t, 'wx-bob@example.com');
    wechat.useAccount(bob);
    const bound = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, await scan(ticket));
    expect(bound.body.result).toMatchObject({ bound: true, nickname: 'Bob' });
    const [row] = await t.database.db
      .select()
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, 'wechat'), eq(userIdentities.subject, bob.openid)));
    expect(row).toBeDefined();
  });

  it('refuses a WeChat bound to another account, in the caller’s language, and the used code after', async () => {
    const ticket = await signIn(t, 'wx-second@example.com');
    wechat.useAccount(alice);
    const answer = await scan(ticket);
    const refused = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, answer, 'zh');
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该微信已绑定其他账号');
    expect((await call(t, 'GET', '/prod-api/user/wechat', ticket)).body.result.bound).toBe(false);

    // The code was redeemed at WeChat already: a fresh state does not make it good again.
    const started = await call(t, 'POST', '/prod-api/user/wechat/authorize', ticket);
    const state = new URL(started.body.result.url as string).searchParams.get('state');
    const reused = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, {
      code: answer.code,
      state,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toMatch(/WeChat did not confirm/);
  });

  it('refuses a state that is not this session’s, a replayed one, and an unknown one', async () => {
    const ticket = await signIn(t, 'wx-state@example.com');
    // A second sign-in code may be asked for once the resend wait is over.
    clock.advance(61_000);
    const otherSession = await signIn(t, 'wx-state@example.com');
    wechat.useAccount({ openid: 'o-state', nickname: 'State' });
    const answer = await scan(ticket);

    const elsewhere = await call(t, 'POST', '/prod-api/user/wechat/bind', otherSession, answer);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.msg).toMatch(/another session/);

    const unknown = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, {
      code: answer.code,
      state: 'forged-state',
    });
    expect(unknown.status).toBe(400);

    const bound = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, answer);
    expect(bound.body.result.bound).toBe(true);
    const replayed = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, answer);
    expect(replayed.status).toBe(400);
    expect(replayed.body.msg).toMatch(/another session/);
  });

  it('refuses a state whose page stayed open too long', async () => {
    const ticket = await signIn(t, 'wx-late@example.com');
    wechat.useAccount({ openid: 'o-late', nickname: 'Late' });
    const answer = await scan(ticket);
    clock.advance(11 * 60_000);
    const late = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, answer);
    expect(late.status).toBe(400);
    expect((await call(t, 'GET', '/prod-api/user/wechat', ticket)).body.result.bound).toBe(false);
  });

  it('turns WeChat’s errcode answers into a 400 and binds nothing', async () => {
    const ticket = await signIn(t, 'wx-errcode@example.com');
    const started = await call(t, 'POST', '/prod-api/user/wechat/authorize', ticket);
    const state = new URL(started.body.result.url as string).searchParams.get('state');
    const refused = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, {
      code: 'not-a-code-wechat-gave',
      state,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1001);
    expect((await call(t, 'GET', '/prod-api/user/wechat', ticket)).body.result.bound).toBe(false);
  });

  it('answers bad input with a 4xx, never a 5xx', async () => {
    const ticket = await signIn(t, 'wx-bad@example.com');
    const bodies: object[] = [
      {},
      { code: '', state: 'x' },
      { code: 'x'.repeat(513), state: 'x' },
      { code: 5, state: ['x'] },
      { code: 'x', state: 'y'.repeat(300) },
    ];
    for (const body of bodies) {
      const answer = await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const [method, url] of [
      ['GET', '/prod-api/user/wechat'],
      ['POST', '/prod-api/user/wechat/authorize'],
      ['DELETE', '/prod-api/user/wechat'],
    ] as const) {
      const answer = await call(t, method, url);
      expect(answer.body.code).toBe(3015);
    }
  });

  it('unbinds, after which another account may bind that WeChat', async () => {
    const first = await signIn(t, 'wx-unbind-1@example.com');
    const second = await signIn(t, 'wx-unbind-2@example.com');
    const carol = { openid: 'o-carol', unionid: 'u-carol', nickname: 'Carol' };
    wechat.useAccount(carol);
    await call(t, 'POST', '/prod-api/user/wechat/bind', first, await scan(first));
    const unbound = await call(t, 'DELETE', '/prod-api/user/wechat', first);
    expect(unbound.body.result).toMatchObject({ bound: false, nickname: null });
    expect((await call(t, 'GET', '/prod-api/user/profile', first)).body.result.wechat_bound).toBe(
      false,
    );
    const rebound = await call(t, 'POST', '/prod-api/user/wechat/bind', second, await scan(second));
    expect(rebound.body.result).toMatchObject({ bound: true, nickname: 'Carol' });
    // Unbinding with nothing bound changes nothing.
    expect((await call(t, 'DELETE', '/prod-api/user/wechat', first)).body.result.bound).toBe(false);
  });

  it('refuses to unbind a WeChat that is the last proof of whose account it is', async () => {
    const ticket = await signIn(t, 'wx-last@example.com');
    wechat.useAccount({ openid: 'o-last', nickname: 'Last' });
    await call(t, 'POST', '/prod-api/user/wechat/bind', ticket, await scan(ticket));
    await t.database.db
      .update(users)
      .set({ email: null })
      .where(eq(users.email, 'wx-last@example.com'));
    const refused = await call(t, 'DELETE', '/prod-api/user/wechat', ticket, undefined, 'es');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/WeChat es lo único/);
    expect((await call(t, 'GET', '/prod-api/user/wechat', ticket)).body.result.bound).toBe(true);
  });

  it('is hidden and refused where no WeChat app is configured', async () => {
    const ticket = await signIn(bare, 'wx-bare@example.com');
    const status = await call(bare, 'GET', '/prod-api/user/wechat', ticket);
    expect(status.body.result).toMatchObject({ available: false, bound: false });
    const start = await call(bare, 'POST', '/prod-api/user/wechat/authorize', ticket);
    expect(start.body.code).toBe(3007);
    expect(start.body.msg).toMatch(/WeChat binding is not available/);
    const bind = await call(bare, 'POST', '/prod-api/user/wechat/bind', ticket, {
      code: 'a',
      state: 'b',
    });
    expect(bind.body.code).toBe(3007);
  });
});

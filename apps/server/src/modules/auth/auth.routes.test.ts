import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { readLatestMail, readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(() => t.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
}
const bearer = (ticket: string) => ({ authorization: `Bearer ${ticket}` });

async function signInByEmail(email: string) {
  expect((await call('POST', '/prod-api/user/captcha', { method: 'email', email })).body.code).toBe(
    0,
  );
  const captcha = await readMailedCode(t, email);
  return call('POST', '/prod-api/user/login', { loginType: 'email', email, captcha });
}

describe('e-mail code sign-in', () => {
  it('mails a code, refuses a resend, a wrong code, then signs in with the right one', async () => {
    const email = 'x@example.com';
    const sent = await call('POST', '/prod-api/user/captcha', {
      method: 'email',
      email,
      request_id: 'r1',
    });
    expect(sent.body).toMatchObject({ code: 0, result: { resend_after_s: 60 } });
    const files = await fs.readdir(path.join(t.config.dataDir, 'mail'));
    expect(files.some((f) => f.endsWith('.eml'))).toBe(true);

    const resend = await call('POST', '/prod-api/user/captcha', { method: 'email', email });
    expect(resend.body.code).toBe(3004);

    const code = await readMailedCode(t, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call('POST', '/prod-api/user/login', {
      loginType: 'email',
      email,
      captcha: wrong,
    });
    expect(bad.body.code).toBe(3002);
    expect(bad.body.msg).toBe('The verification code is incorrect. Please try again.');

    const good = await call('POST', '/prod-api/user/login', {
      loginType: 'email',
      email,
      captcha: code,
    });
    expect(good.body.code).toBe(0);
    expect(good.body.result).toMatchObject({ nickname: 'x', is_new_user: true, max_age: 3600 });
    expect(good.body.result.ticket).toEqual(expect.any(String));
    expect(good.body.result.refresh_token).toEqual(expect.any(String));
    expect(String(good.headers['set-cookie'])).toContain('ticket=');

    // The code is spent: using it again fails.
    const again = await call('POST', '/prod-api/user/login', {
      loginType: 'email',
      email,
      captcha: code,
    });
    expect(again.body.code).toBe(3003);
  });

  it('kills a code after five wrong tries and refuses a bad address', async () => {
    const email = 'guess@example.com';
    await call('POST', '/prod-api/user/captcha', { method: 'email', email });
    const code = await readMailedCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await call('POST', '/prod-api/user/login/email/captcha', { email, captcha: wrong })).body
          .code,
      );
    }
    expect(codes).toEqual([3002, 3002, 3002, 3002, 3003]);
    expect(
      (await call('POST', '/prod-api/user/login/email/captcha', { email, captcha: code })).body
        .code,
    ).toBe(3003);
    const invalid = await call('POST', '/prod-api/user/captcha', {
      method: 'email',
      email: 'not-an-address',
    });
    expect(invalid.body.code).toBe(1001);
  });

  it('lets a new code be sent after 60 s, in the caller language', async () => {
    const email = 'later@example.com';
    await call('POST', '/prod-api/user/captcha', { method: 'email', email });
    const tooSoon = await call(
      'POST',
      '/prod-api/user/captcha',
      { method: 'email', email },
      { 'x-accept-language': 'zh' },
    );
    expect(tooSoon.body.msg).toMatch(/秒后再获取验证码/);
    clock.advance(61_000);
    expect(
      (await call('POST', '/prod-api/user/captcha', { method: 'email', email })).body.code,
    ).toBe(0);
  });

  it('mails the code in the language of the request that asked for it', async () => {
    const email = 'kana@example.com';
    const sent = await call(
      'POST',
      '/prod-api/user/captcha',
      { method: 'email', email },
      { 'accept-language': 'ja-JP,ja;q=0.9,en;q=0.8' },
    );
    expect(sent.body.code).toBe(0);
    const mail = await readLatestMail(t, email);
    const code = await readMailedCode(t, email);
    expect(mail.subject).toBe(`Lumen の認証コード：${code}`);
    expect(mail.text).toContain(`認証コードは ${code} です`);

    // X-accept-language, the header the web client sends, wins over the browser's own.
    clock.advance(61_000);
    await call(
      'POST',
      '/prod-api/user/captcha',
      { method: 'email', email },
      { 'x-accept-language': 'es', 'accept-language': 'ja' },
    );
    expect((await readLatestMail(t, email)).subject).toMatch(/^Tu código de verificación/);
  });

  it('keeps the language a user signs in with, and the one chosen later in settings', async () => {
    const email = 'lang@example.com';
    await call('POST', '/prod-api/user/captcha', { method: 'email', email });
    const login = await call(
      'POST',
      '/prod-api/user/login',
      { loginType: 'email', email, captcha: await readMailedCode(t, email) },
      { 'x-accept-language': 'zh' },
    );
    const ticket = login.body.result.ticket as string;
    const settings = await call('GET', '/prod-api/user/settings', undefined, bearer(ticket));
    expect(settings.body.result.language).toBe('zh');
    const changed = await call(
      'PUT',
      '/prod-api/user/settings',
      { language: 'es' },
      bearer(ticket),
    );
    expect(changed.body.result).toMatchObject({ language: 'es', email_notices: { likes: true } });
    const bad = await call('PUT', '/prod-api/user/settings', { language: 'fr' }, bearer(ticket));
    expect(bad.body.code).toBe(1001);
    const empty = await call('PUT', '/prod-api/user/settings', {}, bearer(ticket));
    expect(empty.body.code).toBe(1001);
    expect(
      (await call('GET', '/prod-api/user/settings', undefined, bearer(ticket))).body.result
        .language,
    ).toBe('es');
  });

  it('signs in by phone code sent as SMS', async () => {
    const phone = '+8613800138000';
    expect(
      (
        await call('POST', '/prod-api/user/captcha', {
          method: 'phone',
          phone: '+86 138 0013 8000',
        })
      ).body.code,
    ).toBe(0);
    const [file] = (await fs.readdir(path.join(t.config.dataDir, 'sms'))).sort().reverse();
    const text = await fs.readFile(path.join(t.config.dataDir, 'sms', file!), 'utf8');
    const captcha = text.match(/\b(\d{6})\b/)![1]!;
    const res = await call('POST', '/prod-api/user/login_phone_captcha', { phone, captcha });
    expect(res.body.code).toBe(0);
    expect(res.body.result.nickname).toBe('Creator 8000');
  });

  it("refuses a number its country's plan cannot have, in the caller's language", async () => {
    // +1 takes ten digits; eleven is no American or Canadian number.
    for (const [lang, words] of [
      ['en', 'not a valid phone number'],
      ['zh', '不是所选国家或地区的有效手机号'],
      ['ja', '電話番号として正しくありません'],
      ['es', 'No es un número de teléfono válido'],
    ] as const) {
      const refused = await call(
        'POST',
        '/prod-api/user/captcha',
        { method: 'phone', phone: '+1 415 555 01234' },
        { 'x-accept-language': lang },
      );
      expect(refused.body.code).toBe(1001);
      expect(refused.body.msg).toContain(words);
    }
    // A Spanish mobile of nine digits is one.
    const sent = await call('POST', '/prod-api/user/captcha', {
      method: 'phone',
      phone: '+34 612 345 678',
    });
    expect(sent.body.code).toBe(0);
  });
});

describe('sessions', () => {
  it('answers user info with a ticket, 3015 without, and rotates refresh tokens', async () => {
    const { result } = (await signInByEmail('session@example.com')).body;
    const info = await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket));
    expect(info.body).toMatchObject({ code: 0, result: { username: 'session', isAdmin: false } });
    expect(info.body.result.menuList).toContain('Studio');
    expect((await call('GET', '/prod-api/user/info')).body.code).toBe(3015);
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer('forged-ticket'))).body.code,
    ).toBe(3015);

    const refreshed = await call('GET', '/prod-api/user/apikey2token', undefined, {
      'refresh-token': result.refresh_token,
    });
    expect(refreshed.body.code).toBe(0);
    expect(refreshed.body.result.ticket).not.toBe(result.ticket);
    const newTicket = refreshed.body.result.ticket;
    expect((await call('GET', '/prod-api/user/info', undefined, bearer(newTicket))).body.code).toBe(
      0,
    );

    // Replaying the spent refresh token after the grace window ends the whole family.
    clock.advance(31_000);
    const replay = await call('GET', '/prod-api/user/apikey2token', undefined, {
      'refresh-token': result.refresh_token,
    });
    expect(replay.body.code).toBe(3035);
    expect((await call('GET', '/prod-api/user/info', undefined, bearer(newTicket))).body.code).toBe(
      3015,
    );
    const next = await call('GET', '/prod-api/user/apikey2token', undefined, {
      'refresh-token': refreshed.body.result.refresh_token,
    });
    expect(next.body.code).toBe(3035);
  });

  it('answers HTTP 401 for an expired ticket, which a refresh cures', async () => {
    const { result } = (await signInByEmail('expiry@example.com')).body;
    clock.advance(3601_000);
    const expired = await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket));
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(3015);
    const refreshed = await call('GET', '/prod-api/user/apikey2token', undefined, {
      'refresh-token': result.refresh_token,
    });
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer(refreshed.body.result.ticket)))
        .body.code,
    ).toBe(0);
  });

  it('logs out: ticket and refresh token stop working', async () => {
    const { result } = (await signInByEmail('bye@example.com')).body;
    expect(
      (await call('POST', '/prod-api/user/logout', undefined, bearer(result.ticket))).body.code,
    ).toBe(0);
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket))).body.code,
    ).toBe(3015);
    const refresh = await call('GET', '/prod-api/user/apikey2token', undefined, {
      'refresh-token': result.refresh_token,
    });
    expect(refresh.body.code).toBe(3035);
  });

  it('signs in once with a hand-over ticket from an address, which then stops working', async () => {
    const { result } = (await signInByEmail('handover@example.com')).body;
    const minted = await call('POST', '/prod-api/user/ticket', undefined, bearer(result.ticket));
    expect(minted.body.code).toBe(0);
    expect(minted.body.result.max_age).toBe(300);
    expect(new URL(minted.body.result.url).searchParams.get('ticket')).toBe(
      minted.body.result.ticket,
    );
    const there = await call('POST', '/prod-api/user/login', {
      loginType: 'ticket',
      ticket: minted.body.result.ticket,
    });
    expect(there.body).toMatchObject({ code: 0, result: { username: 'handover' } });
    expect(there.body.result.ticket).not.toBe(minted.body.result.ticket);
    // Spent: a copy of the address signs no one in, while both sessions go on.
    const again = await call('POST', '/prod-api/user/login', {
      loginType: 'ticket',
      ticket: minted.body.result.ticket,
    });
    expect(again.body.code).toBe(3015);
    for (const ticket of [result.ticket, there.body.result.ticket]) {
      expect((await call('GET', '/prod-api/user/info', undefined, bearer(ticket))).body.code).toBe(
        0,
      );
    }
    // Minting needs a session; one left unused ends with its five minutes.
    expect((await call('POST', '/prod-api/user/ticket')).body.code).toBe(3015);
    const late = await call('POST', '/prod-api/user/ticket', undefined, bearer(result.ticket));
    clock.advance(301_000);
    const expired = await call('POST', '/prod-api/user/login', {
      loginType: 'ticket',
      ticket: late.body.result.ticket,
    });
    expect(expired.body.code).toBe(3015);
  });

  it('makes ADMIN_EMAILS accounts admins with the Admin menu', async () => {
    const { result } = (await signInByEmail('boss@example.com')).body;
    expect(result.role_menu_list.map((r: Json) => r.role_name)).toContain('admin');
    const info = (await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket))).body
      .result;
    expect(info.isAdmin).toBe(true);
    expect(info.menuList).toContain('Admin');
  });
});

describe('username and password', () => {
  const valid = {
    username: 'painter_01',
    password: 'Secret123',
    confirm_password: 'Secret123',
    agree_terms: true,
  };

  it('refuses bad usernames, weak passwords, mismatches and unagreed terms', async () => {
    const cases = [
      { ...valid, username: '9abc' },
      { ...valid, password: 'short', confirm_password: 'short' },
      { ...valid, password: 'alllower1', confirm_password: 'alllower1' },
      { ...valid, confirm_password: 'Secret124' },
      { ...valid, agree_terms: false },
      { ...valid, username: 'ab' },
    ];
    for (const body of cases) {
      const res = await call('POST', '/prod-api/user/register', body);
      expect(res.body.code, JSON.stringify(body)).toBe(1001);
    }
  });

  it('registers, refuses the same name, and signs in with loginType omitted', async () => {
    const created = await call('POST', '/prod-api/user/register', valid);
    expect(created.body).toMatchObject({
      code: 0,
      result: { username: 'painter_01', is_new_user: true },
    });
    const dup = await call('POST', '/prod-api/user/register', { ...valid, username: 'PAINTER_01' });
    expect(dup.body).toMatchObject({ code: 3005, msg: 'Username exists' });

    const login = await call('POST', '/prod-api/user/login', {
      username: 'painter_01',
      password: 'Secret123',
    });
    expect(login.body.code).toBe(0);
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer(login.body.result.ticket))).body
        .result.hasPassword,
    ).toBe(true);
    const wrong = await call('POST', '/prod-api/user/login', {
      username: 'painter_01',
      password: 'Secret999',
    });
    expect(wrong.body.code).toBe(3001);
  });

  it('throttles repeated wrong passwords for an account', async () => {
    await call('POST', '/prod-api/user/register', { ...valid, username: 'target_user' });
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await call('POST', '/prod-api/user/login', {
            username: 'target_user',
            password: 'Wrong1234',
          })
        ).body.code,
      );
    }
    expect(codes.slice(0, 5)).toEqual([3001, 3001, 3001, 3001, 3001]);
    expect(codes[5]).toBe(1029);
    // Even the right password waits until the window passes.
    expect(
      (
        await call('POST', '/prod-api/user/login', {
          username: 'target_user',
          password: 'Secret123',
        })
      ).body.code,
    ).toBe(1029);
    clock.advance(16 * 60_000);
    expect(
      (
        await call('POST', '/prod-api/user/login', {
          username: 'target_user',
          password: 'Secret123',
        })
      ).body.code,
    ).toBe(0);
  });
});

describe('account deletion', () => {
  it('needs the exact phrase, then ends sessions and blocks sign-in', async () => {
    const { result } = (await signInByEmail('leaver@example.com')).body;
    const wrong = await call(
      'POST',
      '/prod-api/user/delete',
      { phrase: 'delete my account' },
      bearer(result.ticket),
    );
    expect(wrong.body.code).toBe(1001);
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket))).body.code,
    ).toBe(0);

    const done = await call(
      'POST',
      '/prod-api/user/delete',
      { phrase: 'Delete My Account' },
      bearer(result.ticket),
    );
    expect(done.body).toMatchObject({ code: 0, result: { reply_within_days: 15 } });
    expect(
      (await call('GET', '/prod-api/user/info', undefined, bearer(result.ticket))).body.code,
    ).toBe(3015);

    clock.advance(61_000);
    const again = await signInByEmail('leaver@example.com');
    expect(again.body.code).toBe(3006);
  });
});

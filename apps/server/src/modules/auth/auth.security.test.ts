import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are read loosely in tests

let t: TestApp;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'admin@example.com,ops@example.com' } });
});
afterAll(() => t.close());

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: object; headers?: Record<string, string>; from?: string } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.from ? { remoteAddress: options.from } : {}),
    ...(options.body ? { payload: options.body } : {}),
  });
  return { status: res.statusCode, body: res.json() as Json };
}
const bearer = (ticket: string) => ({ authorization: `Bearer ${ticket}` });

async function sendCode(email: string, purpose: 'login' | 'bind' = 'login') {
  clock.advance(61_000);
  const sent = await call('POST', '/prod-api/user/captcha', {
    body: { method: 'email', email, purpose },
  });
  expect(sent.body.code).toBe(0);
  return readMailedCode(t, email);
}

async function signInByEmail(email: string) {
  const captcha = await sendCode(email);
  const res = await call('POST', '/prod-api/user/login', {
    body: { loginType: 'email', email, captcha },
  });
  expect(res.body.code).toBe(0);
  return res.body.result as Json;
}

const password = 'AttackerPass9!';
const registration = (username: string, email?: string) => ({
  username,
  password,
  confirm_password: password,
  agree_terms: true,
  ...(email ? { email } : {}),
});

describe('an address named at registration grants nothing until it is proved', () => {
  it('gives no admin role to an account that registered an admin address', async () => {
    const registered = await call('POST', '/prod-api/user/register', {
      body: registration('mallory36340', 'OPS@example.com'),
    });
    expect(registered.body.code).toBe(0);
    const roles = (registered.body.result.role_menu_list as Json[]).map((r) => r.role_name);
    expect(roles).not.toContain('admin');
    const ticket = registered.body.result.ticket as string;

    const info = await call('GET', '/prod-api/user/info', { headers: bearer(ticket) });
    expect(info.body.result).toMatchObject({
      isAdmin: false,
      email: null,
      pendingEmail: 'ops@example.com',
    });
    const grant = await call('POST', '/prod-api/admin/credits/grant', {
      headers: bearer(ticket),
      body: { user_id: registered.body.result.id, credits: 1_000_000, reason: 'x' },
    });
    expect(grant.status).toBeGreaterThanOrEqual(400);
    expect(grant.status).toBeLessThan(500);
    expect([1003, 3015, 1004]).toContain(grant.body.code);
    const codes = await call('GET', '/prod-api/admin/redeem/batches', { headers: bearer(ticket) });
    expect(codes.body.code).not.toBe(0);
  });

  it("signs the address's owner in to an account of their own, which is the admin", async () => {
    const squatter = await call('POST', '/prod-api/user/register', {
      body: registration('squatter01', 'admin@example.com'),
    });
    expect(squatter.body.code).toBe(0);

    const owner = await signInByEmail('admin@example.com');
    expect(owner.id).not.toBe(squatter.body.result.id);
    expect(owner.is_new_user).toBe(true);
    expect((owner.role_menu_list as Json[]).map((r) => r.role_name)).toContain('admin');

    // The squatter lost the address: it is no longer theirs, even as a pending one.
    const info = await call('GET', '/prod-api/user/info', {
      headers: bearer(squatter.body.result.ticket as string),
    });
    expect(info.body.result).toMatchObject({ email: null, pendingEmail: null, isAdmin: false });
    // And the address is no password login for them.
    const byAddress = await call('POST', '/prod-api/user/login', {
      body: { username: 'admin@example.com', password },
    });
    expect(byAddress.body.code).toBe(3001);
    // Their own name still signs them in to their own account.
    const byName = await call('POST', '/prod-api/user/login', {
      body: { username: 'squatter01', password },
    });
    expect(byName.body.result.id).toBe(squatter.body.result.id);
  });

  it('does not tell a registration whether an address already has an account', async () => {
    await signInByEmail('taken@example.com');
    const again = await call('POST', '/prod-api/user/register', {
      body: registration('copycat77', 'taken@example.com'),
    });
    expect(again.body.code).toBe(0);
  });

  it('makes a registered address the account’s once a code sent there is entered', async () => {
    const registered = await call('POST', '/prod-api/user/register', {
      body: registration('owner2024', 'ops@example.com'),
    });
    const ticket = registered.body.result.ticket as string;
    const code = await sendCode('ops@example.com', 'bind');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call('POST', '/prod-api/user/email/bind', {
      headers: bearer(ticket),
      body: { email: 'ops@example.com', captcha: wrong },
    });
    expect(refused.body.code).toBe(3002);
    const bound = await call('POST', '/prod-api/user/email/bind', {
      headers: bearer(ticket),
      body: { email: 'ops@example.com', captcha: code },
    });
    expect(bound.body.result).toMatchObject({ email: 'ops@example.com', pending_email: null });
    const info = await call('GET', '/prod-api/user/info', { headers: bearer(ticket) });
    expect(info.body.result.isAdmin).toBe(true);

    // Signing in by code to that address now finds this very account.
    const byCode = await signInByEmail('ops@example.com');
    expect(byCode.id).toBe(registered.body.result.id);
    expect(byCode.is_new_user).toBe(false);
  });

  it('refuses to bind an address another account proved, only after the right code', async () => {
    const holder = await signInByEmail('holder@example.com');
    const other = await signInByEmail('other@example.com');
    const code = await sendCode('holder@example.com', 'bind');
    const bound = await call('POST', '/prod-api/user/email/bind', {
      headers: bearer(other.ticket as string),
      body: { email: 'holder@example.com', captcha: code },
    });
    expect(bound.body.code).toBe(3009);
    const still = await signInByEmail('holder@example.com');
    expect(still.id).toBe(holder.id);
  });
});

describe('phone numbers', () => {
  it('does not tell a user without the code whether another account holds a number', async () => {
    const phone = '+14155550177';
    clock.advance(61_000);
    await call('POST', '/prod-api/user/captcha', { body: { method: 'phone', phone } });
    const smsDir = path.join(t.config.dataDir, 'sms');
    const [file] = (await fs.readdir(smsDir)).sort().reverse();
    const code = /\b(\d{6})\b/.exec(await fs.readFile(path.join(smsDir, file!), 'utf8'))![1]!;
    const holder = await call('POST', '/prod-api/user/login', {
      body: { loginType: 'phone', phone, captcha: code },
    });
    expect(holder.body.code).toBe(0);

    const prober = await signInByEmail('prober@example.com');
    const guess = await call('POST', '/prod-api/user/phone/bind', {
      headers: bearer(prober.ticket as string),
      body: { phone, captcha: '000000' },
    });
    expect(guess.body.code).not.toBe(3008);
  });
});

describe('password guessing', () => {
  it('checks at most five of many simultaneous guesses, and locks only that client', async () => {
    const created = await call('POST', '/prod-api/user/register', {
      body: registration('guarded01'),
    });
    expect(created.body.code).toBe(0);
    const attacker = '203.0.113.7';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/prod-api/user/login', {
          from: attacker,
          body: { username: 'guarded01', password: `Wrong${i}pass` },
        }),
      ),
    );
    const checked = guesses.filter((g) => g.body.code === 3001).length;
    const refused = guesses.filter((g) => g.body.code === 1029).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(20);

    const right = await call('POST', '/prod-api/user/login', {
      from: attacker,
      body: { username: 'guarded01', password },
    });
    expect(right.body.code).toBe(1029);

    const owner = await call('POST', '/prod-api/user/login', {
      from: '198.51.100.20',
      body: { username: 'guarded01', password },
    });
    expect(owner.body.code).toBe(0);
  });

  it('does not count right passwords as failures', async () => {
    await call('POST', '/prod-api/user/register', { body: registration('regular01') });
    for (let i = 0; i < 8; i++) {
      const res = await call('POST', '/prod-api/user/login', {
        from: '198.51.100.30',
        body: { username: 'regular01', password },
      });
      expect(res.body.code).toBe(0);
    }
  });
});

describe('verification code guessing', () => {
  it('compares at most five codes of many simultaneous guesses', async () => {
    const email = 'guessed@example.com';
    const code = await sendCode(email);
    const wrongs = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      wrongs.map((captcha) =>
        call('POST', '/prod-api/user/login', { body: { loginType: 'email', email, captcha } }),
      ),
    );
    expect(answers.every((a) => a.body.code !== 0)).toBe(true);
    expect(answers.filter((a) => a.body.code === 3002).length).toBeLessThanOrEqual(4);
    const right = await call('POST', '/prod-api/user/login', {
      body: { loginType: 'email', email, captcha: code },
    });
    expect(right.body.code).not.toBe(0);
  });
});

describe('refresh token rotation', () => {
  it('answers one new pair to concurrent refreshes with one token, then revokes a late replay', async () => {
    const session = await signInByEmail('tabs@example.com');
    const refreshes = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('GET', '/prod-api/user/apikey2token', {
          headers: { 'refresh-token': session.refresh_token as string },
        }),
      ),
    );
    expect(refreshes.map((r) => r.body.code)).toEqual(Array(20).fill(0));
    const pairs = new Set(
      refreshes.map((r) => `${r.body.result.ticket}/${r.body.result.refresh_token}`),
    );
    expect(pairs.size).toBe(1);
    const next = refreshes[0]!.body.result as Json;
    const info = await call('GET', '/prod-api/user/info', { headers: bearer(next.ticket) });
    expect(info.body.code).toBe(0);

    clock.advance(31_000);
    const late = await call('GET', '/prod-api/user/apikey2token', {
      headers: { 'refresh-token': session.refresh_token as string },
    });
    expect(late.body.code).toBe(3035);
    const after = await call('GET', '/prod-api/user/info', { headers: bearer(next.ticket) });
    expect(after.body.code).toBe(3015);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T12:00:00Z'));
let admin: { ticket: string; id: number };

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'admin@example.com' } });
  api = createApiCaller(t, clock);
  admin = await api.signIn('admin@example.com');
});
afterAll(() => t.close());

const search = async (q: string, ticket = admin.ticket) =>
  call('GET', `/prod-api/admin/users?q=${encodeURIComponent(q)}`, ticket);
const ids = (res: Json) => (res.result.data as Json[]).map((u) => u.id as number);

describe('the admin user search', () => {
  it('finds an account by id, by exact e-mail and by part of a name, newest first', async () => {
    const older = await api.signIn('heron_one@example.com');
    clock.advance(60_000);
    const newer = await api.signIn('heron_two@example.com');

    const olderCredits = await api.credits(older.ticket);
    expect(olderCredits).toBeGreaterThan(0);
    const byId = await search(String(older.id));
    expect(byId.code).toBe(0);
    expect(ids(byId)).toContain(older.id);
    expect(byId.result.data.find((u: Json) => u.id === older.id)).toMatchObject({
      username: 'heron_one',
      email: 'heron_one@example.com',
      status: 'active',
      grade: 0,
      plan_name: 'free',
      credits: olderCredits,
    });

    expect(ids(await search('HERON_TWO@example.com'))).toEqual([newer.id]);
    // An address is matched whole, not in part.
    expect(ids(await search('heron_two@example'))).toEqual([]);
    expect(ids(await search('ERON_'))).toEqual([newer.id, older.id]);
  });

  it('takes LIKE wildcards literally', async () => {
    const underscored = await api.signIn('kite_ab@example.com');
    const plain = await api.signIn('kitexab@example.com');
    expect(ids(await search('kite_a'))).toEqual([underscored.id]);
    expect(ids(await search('kitexa'))).toEqual([plain.id]);

    const renamed = await call('PUT', '/prod-api/user/profile', plain.ticket, {
      nickname: '100% Kite',
    });
    expect(renamed.code, JSON.stringify(renamed)).toBe(0);
    expect(ids(await search('0%'))).toEqual([plain.id]);
    expect(ids(await search('%'))).toEqual([plain.id]);
  });

  it('shows a balance granted by an admin and a plan given by one', async () => {
    const user = await api.signIn('granted@example.com');
    const grant = await call('POST', `/prod-api/admin/users/${user.id}/credits`, admin.ticket, {
      amount: 50,
      kind: 'gift',
      reason: 'Thanks',
      idempotency_key: 'admin-users-grant-1',
    });
    expect(grant.code).toBe(0);
    await call('POST', `/prod-api/admin/users/${user.id}/plan`, admin.ticket, {
      grade: 2,
      days: 30,
    });
    const balance = await api.credits(user.ticket);
    expect(balance).toBeGreaterThanOrEqual(50);
    const [found] = (await search('granted@example.com')).result.data;
    expect(found).toMatchObject({ id: user.id, credits: balance, grade: 2, plan_name: 'plus' });
    const detail = await call('GET', `/prod-api/admin/users/${user.id}`, admin.ticket);
    expect(detail.result).toMatchObject({
      id: user.id,
      credits: balance,
      grade: 2,
      roles: ['creator'],
      plan_ends_at: new Date(clock.now().getTime() + 30 * 86_400_000).toISOString(),
      age: { age_group: 'unknown', minor: false, consent: 'not_needed', age: null },
    });
    expect(detail.result.buckets).toContainEqual({
      kind: 'gift',
      credits: 50,
      expires_at: expect.any(String),
    });
  });

  it('refuses anyone but an admin, reading nothing', async () => {
    const user = await api.signIn('curious@example.com');
    expect((await search('admin', user.ticket)).code).toBe(1003);
    const detail = await call('GET', `/prod-api/admin/users/${admin.id}`, user.ticket);
    expect(detail).toMatchObject({ code: 1003 });
    expect(detail.result ?? null).toBeNull();
    expect((await call('GET', '/prod-api/admin/users?q=admin')).code).not.toBe(0);
  });

  it('answers a missing id with the translated not-found error', async () => {
    const missing = await call('GET', '/prod-api/admin/users/999999', admin.ticket, undefined, {
      'accept-language': 'es',
    });
    expect(missing.code).toBe(1004);
    expect(missing.msg).toEqual(expect.any(String));
    const english = await call('GET', '/prod-api/admin/users/999999', admin.ticket);
    expect(english.code).toBe(1004);
    expect(missing.msg).not.toBe(english.msg);
  });
});

describe("a minor's consent", () => {
  it('shows a child waiting for their guardian, with the guardian address', async () => {
    const child = await api.signIn('young@example.com');
    const answered = await call('POST', '/prod-api/user/age', child.ticket, {
      birth_date: '2016-03-01',
      guardian_email: 'parent-of-young@example.org',
    });
    expect(answered.code, JSON.stringify(answered)).toBe(0);
    const detail = await call('GET', `/prod-api/admin/users/${child.id}`, admin.ticket);
    expect(detail.result.age).toEqual({
      birth_date: '2016-03-01',
      age: 10,
      age_group: 'child',
      minor: true,
      consent: 'pending',
      guardian_email: 'parent-of-young@example.org',
      consent_sent_at: clock.now().toISOString(),
      consent_decided_at: null,
    });
  });
});

describe('the whitelist', () => {
  it('is granted and taken away by an admin, and shows in the account’s roles', async () => {
    const user = await api.signIn('whitelisted@example.com');
    const on = await call('POST', `/prod-api/admin/users/${user.id}/roles`, admin.ticket, {
      whitelist: true,
    });
    expect(on.code, JSON.stringify(on)).toBe(0);
    expect(on.result.roles).toContain('whitelist');
    // Twice on is still one role, and the user's own session sees it.
    await call('POST', `/prod-api/admin/users/${user.id}/roles`, admin.ticket, { whitelist: true });
    const info = await call('GET', '/prod-api/user/info', user.ticket);
    const roleNames = (info.result.role_menu_list as Json[]).map((r) => r.role_name);
    expect(roleNames.filter((r) => r === 'whitelist')).toHaveLength(1);

    const off = await call('POST', `/prod-api/admin/users/${user.id}/roles`, admin.ticket, {
      whitelist: false,
    });
    expect(off.result.roles).not.toContain('whitelist');
  });

  it('is refused to anyone else, and to a missing account, with nothing changed', async () => {
    const user = await api.signIn('not-an-admin@example.com');
    const refused = await call('POST', `/prod-api/admin/users/${user.id}/roles`, user.ticket, {
      whitelist: true,
    });
    expect(refused.code).toBe(1003);
    const detail = await call('GET', `/prod-api/admin/users/${user.id}`, admin.ticket);
    expect(detail.result.roles).not.toContain('whitelist');
    const missing = await call('POST', '/prod-api/admin/users/999999/roles', admin.ticket, {
      whitelist: true,
    });
    expect(missing.code).toBe(1004);
    const bad = await call('POST', `/prod-api/admin/users/${user.id}/roles`, admin.ticket, {
      whitelist: 'yes',
    });
    expect(bad.code).not.toBe(0);
  });
});

describe('a hostile search', () => {
  it('answers a NUL byte, a lone surrogate and a huge number without a 5xx', async () => {
    // A lone surrogate cannot be percent-encoded as text; its UTF-8 form is sent as it would be.
    for (const q of ['a%00b', '%ED%A0%80x', '9'.repeat(60), '%25_%5C']) {
      const res = await call('GET', `/prod-api/admin/users?q=${q}`, admin.ticket);
      expect([0, 1001]).toContain(res.code);
      if (res.code === 0) expect(Array.isArray(res.result.data)).toBe(true);
    }
    const huge = await call('GET', '/prod-api/admin/users/99999999999999999999', admin.ticket);
    expect(huge.code).not.toBe(0);
    expect(huge.code).toBeLessThan(5000);
  });
});

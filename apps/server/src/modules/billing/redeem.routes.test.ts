import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { redeemCodes, redemptions } from './redeem.schema';

const DAY = 86_400_000;
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'admin@example.com' } });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

const account = async (ticket: string) =>
  (await call('GET', '/prod-api/trade/v1/account', ticket)).result as Json;
/** Signs the admin in afresh: tests move the clock past ticket lifetimes. */
const adminTicket = async () => (await api.signIn('admin@example.com')).ticket;
async function batch(body: object) {
  const res = await call('POST', '/prod-api/admin/redeem-codes', await adminTicket(), body);
  expect(res.code).toBe(0);
  return res.result as { batch_id: number; codes: string[] };
}
const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
const redeem = (ticket: string, code: string) =>
  call('POST', '/prod-api/trade/v1/redeem', ticket, { code });

describe('redeem codes', () => {
  it('a credits code works once per user and until its uses run out', async () => {
    const { codes } = await batch({ credits: 250, count: 2, uses: 2, expires_at: inDays(30) });
    expect(codes).toHaveLength(2);
    expect(codes[0]).toMatch(/^[A-Z2-9]{12}$/);
    const [code] = codes as [string];

    const first = await api.signIn('redeemer-1@example.com');
    const before = await account(first.ticket);
    const ok = await redeem(first.ticket, code.toLowerCase().replace(/(.{4})/g, '$1-'));
    expect(ok.result).toEqual({
      kind: 'credits',
      credits: 250,
      grade: 0,
      days: 0,
      expires_at: inDays(30),
    });
    const after = await account(first.ticket);
    expect(after.credits).toBe(before.credits + 250);
    expect(after.buckets).toContainEqual({ kind: 'gift', credits: 250, expires_at: inDays(30) });

    expect(await redeem(first.ticket, code)).toMatchObject({
      code: 1009,
      msg: 'You have already redeemed this code',
    });
    expect((await account(first.ticket)).credits).toBe(after.credits);

    const second = await api.signIn('redeemer-2@example.com');
    expect((await redeem(second.ticket, code)).code).toBe(0);
    const third = await api.signIn('redeemer-3@example.com');
    const third0 = (await account(third.ticket)).credits;
    expect(await redeem(third.ticket, code)).toMatchObject({
      code: 1009,
      msg: 'This redeem code has been used up',
    });
    expect((await account(third.ticket)).credits).toBe(third0);

    const listed = await call('GET', '/prod-api/admin/redeem-codes', await adminTicket());
    expect(listed.result.list[0]).toMatchObject({
      kind: 'credits',
      credits: 250,
      count: 2,
      uses: 2,
      used: 2,
    });
  });

  it('unknown and expired codes get their own messages', async () => {
    const { ticket } = await api.signIn('redeem-wrong@example.com');
    expect(await redeem(ticket, 'NOSUCHCODE99')).toMatchObject({
      code: 1004,
      msg: 'This redeem code does not exist, please check it and try again',
    });
    const { codes } = await batch({ credits: 10, count: 1, uses: 5, expires_at: inDays(1) });
    clock.advance(2 * DAY);
    const fresh = await api.signIn('redeem-wrong@example.com');
    expect(await redeem(fresh.ticket, codes[0]!)).toMatchObject({
      code: 1009,
      msg: 'This redeem code has expired',
    });
    expect(await redeem(fresh.ticket, '')).toMatchObject({ code: 1001 });
  });

  it('a plan code gives the plan for its days with the plan credits', async () => {
    const { codes } = await batch({
      plan: 'plus',
      days: 7,
      count: 1,
      uses: 1,
      expires_at: inDays(30),
    });
    const { ticket } = await api.signIn('redeem-plan@example.com');
    const res = await redeem(ticket, codes[0]!);
    expect(res.result).toEqual({
      kind: 'plan',
      credits: 4000,
      grade: 2,
      days: 7,
      expires_at: inDays(7),
    });
    const acc = await account(ticket);
    expect(acc).toMatchObject({ grade: 2, plan_ends_at: inDays(7) });
    expect(acc.buckets).toContainEqual({
      kind: 'subscription',
      credits: 4000,
      expires_at: inDays(7),
    });
    const plans = await call('GET', '/prod-api/trade/v1/userplans', ticket);
    expect(plans.result.data[0]).toMatchObject({ source: 'redeem', grade: 2, active: true });
  });

  it('slows down guessing: 5 failures in 10 minutes answer 1029', async () => {
    const { ticket } = await api.signIn('guesser@example.com');
    const { codes } = await batch({ credits: 5, count: 1, uses: 10, expires_at: inDays(30) });
    for (let i = 0; i < 5; i++) {
      expect((await redeem(ticket, `WRONGCODE00${i}`)).code).toBe(1004);
    }
    const blocked = await redeem(ticket, codes[0]!);
    expect(blocked).toMatchObject({
      code: 1029,
      msg: 'Too many wrong redeem codes, please try again in 10 minutes',
    });
    clock.advance(10 * 60_000 + 1000);
    const later = await api.signIn('guesser@example.com');
    expect((await redeem(later.ticket, codes[0]!)).code).toBe(0);
  });

  it('parallel redeems of a one-use code: exactly one succeeds', async () => {
    const { codes } = await batch({ credits: 100, count: 1, uses: 1, expires_at: inDays(30) });
    const code = codes[0]!;
    const users = await Promise.all(
      Array.from({ length: 6 }, (_, i) => api.signIn(`racer-${i}@example.com`)),
    );
    const results = await Promise.all(users.map((u) => redeem(u.ticket, code)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 1009)).toHaveLength(5);
    const [row] = await t.database.db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
    expect(row).toMatchObject({ uses: 1, used: 1 });
    const rows = await t.database.db.select().from(redemptions).where(eq(redemptions.code, code));
    expect(rows).toHaveLength(1);
  });

  it('parallel redeems by one user count once', async () => {
    const { codes } = await batch({ credits: 100, count: 1, uses: 10, expires_at: inDays(30) });
    const { ticket } = await api.signIn('double-click@example.com');
    const before = (await account(ticket)).credits;
    const results = await Promise.all([redeem(ticket, codes[0]!), redeem(ticket, codes[0]!)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1009]);
    expect((await account(ticket)).credits).toBe(before + 100);
  });

  it('only admins make batches, and a batch gives credits or a plan', async () => {
    const admin = { ticket: await adminTicket() };
    const user = await api.signIn('not-an-admin@example.com');
    const body = { credits: 100, count: 1, uses: 1, expires_at: inDays(30) };
    expect(await call('POST', '/prod-api/admin/redeem-codes', user.ticket, body)).toMatchObject({
      code: 1003,
    });
    expect(await call('GET', '/prod-api/admin/redeem-codes', user.ticket)).toMatchObject({
      code: 1003,
    });
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin.ticket, {
        credits: 100,
        plan: 'plus',
        days: 7,
        count: 1,
        uses: 1,
        expires_at: inDays(30),
      }),
    ).toMatchObject({ code: 1001 });
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin.ticket, {
        plan: 'plus',
        count: 1,
        uses: 1,
        expires_at: inDays(30),
      }),
    ).toMatchObject({ code: 1001 });
  });
});

describe('admin inputs that make no sense are refused as field errors', () => {
  // One sign-in for both: codes sent to one address are rate limited.
  let admin: string;
  beforeAll(async () => {
    admin = await adminTicket();
  });

  it('a batch that has already expired, or a plan code longer than ten years', async () => {
    const listed = async () =>
      ((await call('GET', '/prod-api/admin/redeem-codes', admin)).result.list as Json[]).length;
    const before = await listed();
    const past = await t.app.inject({
      method: 'POST',
      url: '/prod-api/admin/redeem-codes',
      headers: { authorization: `Bearer ${admin}`, 'x-accept-language': 'es' },
      payload: { credits: 100, count: 1, uses: 1, expires_at: inDays(-1) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 1001,
      result: { fields: [{ field: 'expires_at', message: 'debe ser una fecha futura' }] },
    });
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin, {
        credits: 100,
        count: 1,
        uses: 1,
        expires_at: clock.now().toISOString(),
      }),
    ).toMatchObject({ code: 1001, result: { fields: [{ field: 'expires_at' }] } });
    // An instant past the year 9999 cannot be stored: refused, not a system error.
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin, {
        credits: 5,
        count: 1,
        uses: 1,
        expires_at: '9999-12-31T23:59:59-12:00',
      }),
    ).toMatchObject({ code: 1001, result: { fields: [{ field: 'expires_at' }] } });
    const tooLong = { plan: 'plus', count: 1, uses: 1, expires_at: inDays(30) };
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin, { ...tooLong, days: 3651 }),
    ).toMatchObject({
      code: 1001,
      msg: 'Invalid parameters: days: must be at most 3650',
      result: { fields: [{ field: 'days' }] },
    });
    expect(await listed()).toBe(before);
    expect(
      await call('POST', '/prod-api/admin/redeem-codes', admin, { ...tooLong, days: 3650 }),
    ).toMatchObject({ code: 0 });
    expect(await listed()).toBe(before + 1);
  });

  it('a plan grant longer than ten years', async () => {
    const user = await api.signIn('long-grant@example.com');
    const grant = (days: number) =>
      call('POST', `/prod-api/admin/users/${user.id}/plan`, admin, { grade: 2, days });
    expect(await grant(3651)).toMatchObject({
      code: 1001,
      result: { fields: [{ field: 'days' }] },
    });
    expect((await account(user.ticket)).grade).toBe(0);
    expect(await grant(3650)).toMatchObject({ code: 0 });
    expect((await account(user.ticket)).grade).toBe(2);
  });
});

describe('admin SKU editing', () => {
  it('changes prices and withdraws SKUs; others are refused', async () => {
    const admin = { ticket: await adminTicket() };
    const user = await api.signIn('sku-user@example.com');
    expect(
      await call('PUT', '/prod-api/admin/skus/plus-month', user.ticket, { price_fen: 100 }),
    ).toMatchObject({ code: 1003 });
    const all = await call('GET', '/prod-api/admin/skus', admin.ticket);
    expect(all.result.list).toHaveLength(10);
    const changed = await call('PUT', '/prod-api/admin/skus/basic-month', admin.ticket, {
      price_fen: 4900,
      credits: 1200,
      desc: 'More credits',
    });
    expect(changed.result).toMatchObject({ price_fen: 4900, credits: 1200, desc: 'More credits' });
    const skus = await call('GET', '/prod-api/trade/v1/skus');
    const byId = new Map((skus.result.list as Json[]).map((s) => [s.sku_id, s]));
    expect(byId.get('basic-month')).toMatchObject({ price_fen: 4900, credits: 1200 });
    expect(byId.get('basic-year')).toMatchObject({ list_price_fen: 58800 });

    await call('PUT', '/prod-api/admin/skus/credits-10000', admin.ticket, { active: false });
    const after = await call('GET', '/prod-api/trade/v1/skus');
    expect(after.result.total).toBe(9);
    expect(
      await call('POST', '/prod-api/trade/v1/orders', user.ticket, { sku_id: 'credits-10000' }),
    ).toMatchObject({ code: 1004 });
    expect(
      await call('PUT', '/prod-api/admin/skus/gold', admin.ticket, { price_fen: 100 }),
    ).toMatchObject({ code: 1004 });
    expect(await call('PUT', '/prod-api/admin/skus/basic-month', admin.ticket, {})).toMatchObject({
      code: 1001,
    });
  });
});

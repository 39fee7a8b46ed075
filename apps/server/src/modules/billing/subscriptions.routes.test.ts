import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders } from './orders.schema';

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
const subscriptionCredits = (acc: Json) =>
  (acc.buckets as Json[]).filter((b) => b.kind === 'subscription').map((b) => b.credits);

async function buy(ticket: string, skuId: string) {
  const created = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
  expect(created.code).toBe(0);
  const paid = await call(
    'POST',
    `/prod-api/trade/v1/sandbox/checkout/${created.result.session_id}`,
    ticket,
    { outcome: 'pay' },
  );
  expect(paid.result.status).toBe('active');
  return created.result.order_no as string;
}

describe('free trial', () => {
  it('is claimable once: 72 h of Plus with 400 credits', async () => {
    const { ticket } = await api.signIn('trial@example.com');
    const offer = await call('GET', '/prod-api/trade/v1/trial/eligibility', ticket);
    expect(offer.result).toEqual({ threeDay: true, fiftyDiscount: 0, hours: 72, credits: 400 });

    const claimed = await call('POST', '/prod-api/trade/v1/trial/claim', ticket);
    const ends = new Date(clock.now().getTime() + 72 * 3600_000).toISOString();
    expect(claimed.result).toEqual({ grade: 2, credits: 400, expires_at: ends });
    const acc = await account(ticket);
    expect(acc).toMatchObject({ grade: 2, plan_name: 'plus', isFreeVip: true, plan_ends_at: ends });
    expect(acc.buckets).toContainEqual({ kind: 'subscription', credits: 400, expires_at: ends });
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    // A trial is active and simply ends: it never renews.
    expect(sub.result).toMatchObject({
      trial: true,
      grade: 2,
      provider: null,
      status: 'active',
      cancel_at_period_end: true,
    });

    const again = await call('POST', '/prod-api/trade/v1/trial/claim', ticket);
    expect(again).toMatchObject({ code: 1009, msg: 'You have already claimed your free trial' });
    expect((await account(ticket)).credits).toBe(acc.credits);

    // After the trial: no second one, but the first monthly plan is half price.
    clock.advance(73 * 3600_000);
    const later = await api.signIn('trial@example.com');
    expect((await account(later.ticket)).grade).toBe(0);
    const after = await call('GET', '/prod-api/trade/v1/trial/eligibility', later.ticket);
    expect(after.result).toMatchObject({ threeDay: false, fiftyDiscount: 50 });
    expect(await call('POST', '/prod-api/trade/v1/trial/claim', later.ticket)).toMatchObject({
      code: 1009,
    });
    const order = await buy(later.ticket, 'plus-month');
    const shown = await call('GET', `/prod-api/trade/v1/orders/${order}`, later.ticket);
    expect(shown.result.amount_fen).toBe(4950);
    const paidOffer = await call('GET', '/prod-api/trade/v1/trial/eligibility', later.ticket);
    expect(paidOffer.result.fiftyDiscount).toBe(0);
  });

  it('is refused to a paying user', async () => {
    const { ticket } = await api.signIn('payer@example.com');
    await buy(ticket, 'basic-month');
    const offer = await call('GET', '/prod-api/trade/v1/trial/eligibility', ticket);
    expect(offer.result.threeDay).toBe(false);
    const refused = await call('POST', '/prod-api/trade/v1/trial/claim', ticket);
    expect(refused).toMatchObject({
      code: 1009,
      msg: 'You already have a plan and cannot claim the trial',
    });
    expect((await account(ticket)).grade).toBe(1);
  });

  it('a purchase during the trial replaces it', async () => {
    const { ticket } = await api.signIn('trial-converts@example.com');
    await call('POST', '/prod-api/trade/v1/trial/claim', ticket);
    await buy(ticket, 'pro-month');
    const acc = await account(ticket);
    expect(acc).toMatchObject({ grade: 3, isFreeVip: false });
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({ trial: false, plan: 'pro', status: 'active' });
  });

  it('follows TRIAL_HOURS and TRIAL_CREDITS (the 24 h / 200 variant)', async () => {
    const short = await createTestApp({
      clock,
      env: { TRIAL_HOURS: '24', TRIAL_CREDITS: '200' },
    });
    try {
      const caller = createApiCaller(short, clock);
      const { ticket } = await caller.signIn('short-trial@example.com');
      const offer = await caller.call('GET', '/prod-api/trade/v1/trial/eligibility', ticket);
      expect(offer.result).toMatchObject({ threeDay: true, hours: 24, credits: 200 });
      const claimed = await caller.call('POST', '/prod-api/trade/v1/trial/claim', ticket);
      expect(claimed.result).toMatchObject({
        credits: 200,
        expires_at: new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
      });
    } finally {
      await short.close();
    }
  });
});

describe('subscription periods', () => {
  it('cancel takes effect at the period end; resume undoes it before then', async () => {
    let { ticket } = await api.signIn('canceller@example.com');
    await buy(ticket, 'plus-month');
    const cancelled = await call('POST', '/prod-api/trade/v1/subscription/cancel', ticket);
    expect(cancelled.result).toMatchObject({ status: 'cancelling', cancel_at_period_end: true });
    const resumed = await call('POST', '/prod-api/trade/v1/subscription/resume', ticket);
    expect(resumed.result).toMatchObject({ status: 'active', cancel_at_period_end: false });
    await call('POST', '/prod-api/trade/v1/subscription/cancel', ticket);
    // Still subscribed until the end: changing plan means waiting for it.
    expect(
      await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'pro-month' }),
    ).toMatchObject({ code: 1009 });

    clock.advance(29 * DAY);
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    ({ ticket } = await api.signIn('canceller@example.com'));
    expect((await account(ticket)).grade).toBe(2);

    clock.advance(DAY + 60_000);
    const job = await t.app.services.subscriptions.runPeriodEnds(clock.now());
    expect(job.ended).toBeGreaterThanOrEqual(1);
    ({ ticket } = await api.signIn('canceller@example.com'));
    expect((await account(ticket)).grade).toBe(0);
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({ status: 'ended' });
    expect(await call('POST', '/prod-api/trade/v1/subscription/resume', ticket)).toMatchObject({
      code: 1009,
    });
    // Now a new plan may be chosen.
    await buy(ticket, 'pro-month');
    expect((await account(ticket)).grade).toBe(3);
  });

  it('deleting the account ends its subscription, without refund', async () => {
    const { ticket, id } = await api.signIn('leaving@example.com');
    await buy(ticket, 'plus-month');
    expect((await t.app.services.billing.currentPlan(id)).grade).toBe(2);
    const deleted = await call('POST', '/prod-api/user/delete', ticket, {
      phrase: 'Delete My Account',
    });
    expect(deleted.code).toBe(0);
    expect((await t.app.services.billing.currentPlan(id)).grade).toBe(0);
    // Nothing renews it later.
    clock.advance(31 * DAY);
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    expect((await t.app.services.billing.currentPlan(id)).grade).toBe(0);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, id));
    expect(rows.map((o) => o.reason)).toEqual(['purchase']);
  });

  it('cancel without a subscription answers 1004', async () => {
    const { ticket } = await api.signIn('nobody@example.com');
    expect(await call('POST', '/prod-api/trade/v1/subscription/cancel', ticket)).toMatchObject({
      code: 1004,
    });
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result).toBeNull();
  });

  it('the job renews sandbox subscriptions: new period, new credits, a renewal order', async () => {
    let { ticket } = await api.signIn('renewer@example.com');
    await buy(ticket, 'plus-month');
    const start = clock.now();
    clock.set(new Date(start.getTime() + 30 * DAY + 60_000));
    const first = await t.app.services.subscriptions.runPeriodEnds(clock.now());
    expect(first.renewed).toBeGreaterThanOrEqual(1);
    // Running it again in the same instant renews nothing twice.
    const second = await t.app.services.subscriptions.runPeriodEnds(clock.now());
    expect(second.renewed).toBe(0);
    ({ ticket } = await api.signIn('renewer@example.com'));
    const acc = await account(ticket);
    expect(acc.grade).toBe(2);
    expect(subscriptionCredits(acc)).toEqual([4000]);
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({
      status: 'active',
      current_period_start: new Date(start.getTime() + 30 * DAY).toISOString(),
      current_period_end: new Date(start.getTime() + 60 * DAY).toISOString(),
    });
    const orders = await call('GET', '/prod-api/trade/v1/orders', ticket);
    expect(orders.result.list.map((o: Json) => [o.detail, o.status, o.amount_fen])).toEqual([
      ['Plus membership renewal', 'active', 9900],
      ['Plus membership, monthly', 'active', 9900],
    ]);
    const bills = await call('GET', '/prod-api/trade/v1/credits/bills?filter=free', ticket);
    expect(
      bills.result.data.filter((b: Json) => b.kind === 'subscription').map((b: Json) => b.credits),
    ).toEqual([4000, 4000]);
  });

  it('yearly plans get their monthly credits every 30 days', async () => {
    const { ticket } = await api.signIn('yearly@example.com');
    await buy(ticket, 'basic-year');
    const start = clock.now();
    let acc = await account(ticket);
    expect(acc).toMatchObject({ grade: 1, isYearVip: true, plan_name: 'basic-year' });
    expect(subscriptionCredits(acc)).toEqual([1000]);

    clock.set(new Date(start.getTime() + 30 * DAY + 1000));
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    acc = await account((await api.signIn('yearly@example.com')).ticket);
    expect(subscriptionCredits(acc)).toEqual([1000]);
    const bills = await call(
      'GET',
      '/prod-api/trade/v1/credits/bills?filter=free',
      (await api.signIn('yearly@example.com')).ticket,
    );
    expect(
      bills.result.data.filter((b: Json) => b.kind === 'subscription').map((b: Json) => b.credits),
    ).toEqual([1000, 1000]);
    // A job that was down for two months catches up without granting a cycle twice.
    clock.set(new Date(start.getTime() + 95 * DAY));
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    const later = await call(
      'GET',
      '/prod-api/trade/v1/credits/bills?filter=free',
      (await api.signIn('yearly@example.com')).ticket,
    );
    expect(
      later.result.data.filter((b: Json) => b.kind === 'subscription' && b.type === 'gift'),
    ).toHaveLength(4);
  });
});

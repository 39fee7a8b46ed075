import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { subscriptions } from './billing.schema';
import { checkoutSessions, orders } from './orders.schema';

const SECRET = 'sandbox-webhook-secret-for-tests-0123456789';
const DAY = 86_400_000;

describe('payment settings', () => {
  it('outside production the sandbox is the default, as before', () => {
    expect(loadConfig({}).payments).toMatchObject({
      provider: 'sandbox',
      sandbox: true,
      testPayments: false,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).payments).toMatchObject({
      provider: 'sandbox',
      sandbox: true,
    });
  });

  it('in production the sandbox runs only when named, and then announces itself', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toMatchObject({
      provider: null,
      sandbox: false,
      testPayments: false,
    });
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ NODE_ENV: 'production', ...stripe }).payments).toMatchObject({
      provider: 'stripe',
      sandbox: false,
      testPayments: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).payments,
    ).toMatchObject({ provider: 'sandbox', sandbox: true, testPayments: true });
  });
});

/** A test app in production mode, with what its users and the sandbox's events need. */
function productionApp(env: Record<string, string>) {
  const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));
  const state = {} as { t: TestApp; api: ReturnType<typeof createApiCaller>; clock: ManualClock };
  beforeAll(async () => {
    state.t = await createTestApp({
      clock,
      env: { NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET: SECRET, ...env },
    });
    state.api = createApiCaller(state.t, clock);
    state.clock = clock;
  });
  afterAll(() => state.t.close());
  return state;
}

const account = async (s: { api: ReturnType<typeof createApiCaller> }, ticket: string) =>
  (await s.api.call('GET', '/prod-api/trade/v1/account', ticket)).result as Json;

describe('production without payment settings', () => {
  const s = productionApp({});

  it('says it takes no payments and shows no test ribbon', async () => {
    const res = await s.api.call('GET', '/prod-api/trade/v1/payment-config');
    expect(res).toMatchObject({ code: 0, result: { provider: null, test_payments: false } });
  });

  it('refuses orders with a translated message and makes none', async () => {
    const { ticket, id } = await s.api.signIn('prod-buyer@example.com');
    expect(
      await s.api.call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'pro-year' }),
    ).toMatchObject({ code: 1001, msg: 'Payments are not available on this server' });
    const zh = await s.t.app.inject({
      method: 'POST',
      url: '/prod-api/trade/v1/orders',
      headers: { authorization: `Bearer ${ticket}`, 'x-accept-language': 'zh' },
      payload: { sku_id: 'pro-year' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ code: 1001, msg: '本站暂不支持支付' });
    expect(
      await s.api.call('POST', '/prod-api/trade/v1/orders', ticket, {
        sku_id: 'pro-year',
        provider: 'sandbox',
      }),
    ).toMatchObject({ code: 1001, msg: 'Paying with sandbox is not available on this server' });
    const rows = await s.t.database.db.select().from(orders).where(eq(orders.userId, id));
    expect(rows).toHaveLength(0);
  });

  it('a sandbox checkout left from before cannot be seen or paid, even by its owner', async () => {
    const { ticket, id } = await s.api.signIn('prod-old-checkout@example.com');
    const before = await account(s, ticket);
    const now = s.clock.now();
    const orderNo = `LM${randomBytes(6).toString('hex')}`;
    const sessionId = `cs_sandbox_${randomBytes(16).toString('hex')}`;
    await s.t.database.db.insert(orders).values({
      orderNo,
      userId: id,
      skuId: 'pro-year',
      kind: 'membership',
      skuName: 'pro-year',
      grade: 3,
      billCycle: 'year',
      credits: 10000,
      amountFen: 191040,
      currency: 'CNY',
      provider: 'sandbox',
      status: 'waiting',
      createdAt: now,
    });
    await s.t.database.db.insert(checkoutSessions).values({
      id: sessionId,
      orderNo,
      provider: 'sandbox',
      status: 'open',
      url: `/pay/checkout/${sessionId}`,
      expiresAt: new Date(now.getTime() + 30 * 60_000),
      createdAt: now,
    });
    const url = `/prod-api/trade/v1/sandbox/checkout/${sessionId}`;
    const unavailable = {
      code: 1001,
      msg: 'Paying with sandbox is not available on this server',
    };
    expect(await s.api.call('POST', url, undefined, { outcome: 'pay' })).not.toMatchObject({
      code: 0,
    });
    expect(await s.api.call('POST', url, ticket, { outcome: 'pay' })).toMatchObject(unavailable);
    expect(await s.api.call('GET', url, ticket)).toMatchObject(unavailable);

    // An event signed with the sandbox's secret is refused too: the provider is off.
    const payload = JSON.stringify({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'checkout.completed',
      created: Math.floor(now.getTime() / 1000),
      data: { session_id: sessionId, order_no: orderNo, amount_fen: 191040, currency: 'CNY' },
    });
    const at = Math.floor(now.getTime() / 1000);
    const v1 = createHmac('sha256', SECRET).update(`${at}.${payload}`).digest('hex');
    const event = await s.t.app.inject({
      method: 'POST',
      url: '/prod-api/trade/v1/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'lumen-signature': `t=${at},v1=${v1}` },
      payload,
    });
    expect(event.json()).toMatchObject(unavailable);

    const after = await account(s, ticket);
    expect(after).toMatchObject({ grade: 0, credits: before.credits });
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe('waiting');
  });

  it('a sandbox plan from before runs out at its period end instead of renewing', async () => {
    const { ticket, id } = await s.api.signIn('prod-old-plan@example.com');
    const now = s.clock.now();
    await s.t.database.db.insert(subscriptions).values({
      userId: id,
      grade: 3,
      billingCycle: 'month',
      source: 'purchase',
      startsAt: new Date(now.getTime() - 30 * DAY),
      endsAt: new Date(now.getTime() - 60_000),
      createdAt: new Date(now.getTime() - 30 * DAY),
      skuId: 'pro-month',
      provider: 'sandbox',
      monthlyCredits: 10000,
    });
    const before = await account(s, ticket);
    await s.t.app.services.subscriptions.runPeriodEnds(now);
    const after = await account(s, ticket);
    expect(after).toMatchObject({ grade: 0, credits: before.credits });
    const [sub] = await s.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, id));
    expect(sub?.status).toBe('ended');
  });
});

describe('production with PAYMENT_PROVIDER=sandbox', () => {
  const s = productionApp({ PAYMENT_PROVIDER: 'sandbox' });

  it('tells the web app to show the test-payments ribbon', async () => {
    const res = await s.api.call('GET', '/prod-api/trade/v1/payment-config');
    expect(res).toMatchObject({ code: 0, result: { provider: 'sandbox', test_payments: true } });
  });

  it("pays only with the order owner's ticket", async () => {
    const owner = await s.api.signIn('prod-sandbox-owner@example.com');
    const other = await s.api.signIn('prod-sandbox-other@example.com');
    const before = await account(s, owner.ticket);
    const created = await s.api.call('POST', '/prod-api/trade/v1/orders', owner.ticket, {
      sku_id: 'pro-year',
    });
    expect(created.code).toBe(0);
    const url = `/prod-api/trade/v1/sandbox/checkout/${created.result.session_id}`;

    expect(await s.api.call('POST', url, undefined, { outcome: 'pay' })).toMatchObject({
      code: 3015,
    });
    expect(await s.api.call('POST', url, other.ticket, { outcome: 'pay' })).toMatchObject({
      code: 1004,
    });
    expect(await s.api.call('GET', url, other.ticket)).toMatchObject({ code: 1004 });
    expect(await account(s, owner.ticket)).toMatchObject({ grade: 0, credits: before.credits });

    const paid = await s.api.call('POST', url, owner.ticket, { outcome: 'pay' });
    expect(paid).toMatchObject({ code: 0, result: { status: 'active' } });
    const after = await account(s, owner.ticket);
    expect(after).toMatchObject({ grade: 3, credits: before.credits + 10000 });
  });
});

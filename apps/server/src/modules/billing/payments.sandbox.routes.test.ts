import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { orders } from './orders.schema';

const SECRET = 'sandbox-webhook-secret-for-tests-0123456789';
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

const account = async (ticket: string) =>
  (await call('GET', '/prod-api/trade/v1/account', ticket)).result as Json;
const bucketCredits = (acc: Json, kind: string) =>
  (acc.buckets as Json[]).filter((b) => b.kind === kind).reduce((n, b) => n + b.credits, 0);

async function order(ticket: string, skuId: string) {
  const res = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
  expect(res).toMatchObject({ code: 0 });
  return res.result as { order_no: string; checkout_url: string; session_id: string };
}
const settle = (ticket: string, sessionId: string, outcome: string) =>
  call('POST', `/prod-api/trade/v1/sandbox/checkout/${sessionId}`, ticket, { outcome });

/** An event signed the way the sandbox provider signs them, built independently here. */
function signedEvent(body: object) {
  const payload = JSON.stringify(body);
  const at = Math.floor(clock.now().getTime() / 1000);
  const v1 = createHmac('sha256', SECRET).update(`${at}.${payload}`).digest('hex');
  return { payload, signature: `t=${at},v1=${v1}` };
}
const deliver = (payload: string, signature: string) =>
  t.app.inject({
    method: 'POST',
    url: '/prod-api/trade/v1/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'lumen-signature': signature },
    payload,
  });

describe('catalogue', () => {
  it('lists plans and packs with prices in fen', async () => {
    const res = await call('GET', '/prod-api/trade/v1/skus?pageNum=1&pageSize=100&role=general');
    expect(res.code).toBe(0);
    const byName = new Map((res.result.list as Json[]).map((s) => [s.name, s]));
    expect(res.result.total).toBe(10);
    expect(byName.get('plus')).toMatchObject({
      sku_id: 'plus-month',
      kind: 'membership',
      grade: 2,
      bill_cycle: 'month',
      price_fen: 9900,
      list_price_fen: 9900,
      currency: 'CNY',
      credits: 4000,
      concurrency: 4,
    });
    expect(byName.get('plus-year')).toMatchObject({
      grade: 2,
      bill_cycle: 'year',
      price_fen: 95040,
      list_price_fen: 118800,
    });
    expect(byName.get('basic')).toMatchObject({ price_fen: 3900, credits: 1000, concurrency: 1 });
    expect(byName.get('pro')).toMatchObject({ price_fen: 19900, credits: 10000 });
    expect(byName.get('credits-1000')).toMatchObject({
      kind: 'topup',
      grade: 0,
      bill_cycle: null,
      price_fen: 2990,
      credits: 1000,
    });
    const page = await call('GET', '/prod-api/trade/v1/skus?pageNum=2&pageSize=4');
    expect(page.result).toMatchObject({ total: 10 });
    expect(page.result.list).toHaveLength(4);

    const plans = await call('GET', '/prod-api/trade/v1/vip-plans?role=general&website=lumen');
    expect(plans.result.list).toHaveLength(6);
    expect(plans.result.list[0]).toMatchObject({
      grade: 1,
      name: 'basic',
      billCycle: 'month',
      price_fen: 3900,
      credits: 1000,
    });
    const discount = await call('GET', '/prod-api/operation/discount');
    expect(discount.result).toEqual({ discount: 0 });

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/prod-api/trade/v1/skus',
        '/prod-api/trade/v1/orders',
        '/prod-api/trade/v1/orders/{order_no}',
        '/prod-api/trade/v1/sandbox/checkout/{session_id}',
        '/prod-api/trade/v1/webhooks/stripe',
        '/prod-api/trade/v1/subscription/cancel',
        '/prod-api/trade/v1/trial/claim',
        '/prod-api/trade/v1/redeem',
        '/prod-api/user/fission/invitations',
        '/prod-api/admin/redeem-codes',
        '/prod-api/admin/skus/{sku_id}',
      ]),
    );
  });
});

describe('a Plus plan paid through the sandbox', () => {
  it('activates the plan and grants 4000 subscription credits, once', async () => {
    const { ticket } = await api.signIn('plus-buyer@example.com');
    const before = await account(ticket);
    expect(before.grade).toBe(0);

    const created = await order(ticket, 'plus-month');
    expect(created.checkout_url).toBe(`/pay/checkout/${created.session_id}`);
    const page = await call(
      'GET',
      `/prod-api/trade/v1/sandbox/checkout/${created.session_id}`,
      ticket,
    );
    expect(page.result).toMatchObject({
      order_no: created.order_no,
      sku_name: 'plus',
      amount_fen: 9900,
      currency: 'CNY',
      status: 'open',
      return_url: `/pay/result?order_no=${created.order_no}`,
    });
    const waiting = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    expect(waiting.result).toMatchObject({ status: 'waiting', paid_at: null });

    const paid = await settle(ticket, created.session_id, 'pay');
    expect(paid.result).toMatchObject({ status: 'active', failure: null, failure_msg: null });

    const after = await account(ticket);
    expect(after).toMatchObject({ grade: 2, plan_name: 'plus', isFreeVip: false });
    expect(after.credits).toBe(before.credits + 4000);
    expect(bucketCredits(after, 'subscription')).toBe(4000);
    const sub = after.buckets.find((b: Json) => b.kind === 'subscription');
    expect(sub.expires_at).toBe(new Date(clock.now().getTime() + 30 * 86_400_000).toISOString());
    const bills = await call('GET', '/prod-api/trade/v1/credits/bills?filter=all', ticket);
    expect(bills.result.data[0]).toMatchObject({
      type: 'gift',
      credits: 4000,
      kind: 'subscription',
      event: 'Membership credits',
    });

    const shown = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    expect(shown.result).toMatchObject({
      status: 'active',
      type: 'membership',
      sku_id: 'plus-month',
      amount_fen: 9900,
      detail: 'Plus membership, monthly',
      provider: 'sandbox',
    });
    expect(shown.result.paid_at).not.toBeNull();
    expect(shown.result.activated_at).not.toBeNull();
    const subscription = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(subscription.result).toMatchObject({
      plan: 'plus',
      sku_id: 'plus-month',
      grade: 2,
      status: 'active',
      cancel_at_period_end: false,
      provider: 'sandbox',
      portal_url: null,
      trial: false,
    });

    // Paying the same checkout again adds nothing.
    const again = await settle(ticket, created.session_id, 'pay');
    expect(again.result).toMatchObject({ status: 'active' });
    expect((await account(ticket)).credits).toBe(after.credits);
    // The page now says the checkout is complete; a late cancel changes nothing.
    const cancelLate = await settle(ticket, created.session_id, 'cancel');
    expect(cancelLate.result).toMatchObject({ status: 'active', failure: null });
    const done = await call(
      'GET',
      `/prod-api/trade/v1/sandbox/checkout/${created.session_id}`,
      ticket,
    );
    expect(done.result.status).toBe('complete');

    // Buying another plan while this one runs is refused with the §8 message.
    const second = await call('POST', '/prod-api/trade/v1/orders', ticket, {
      sku_id: 'pro-month',
    });
    expect(second).toMatchObject({
      code: 1009,
      msg: 'You already have a successful subscription. Please check your payment account',
    });
    // A top-up is fine while subscribed.
    const topup = await order(ticket, 'credits-1000');
    expect((await settle(ticket, topup.session_id, 'pay')).result.status).toBe('active');
    const withTopup = await account(ticket);
    expect(withTopup.credits).toBe(after.credits + 1000);
    const purchased = withTopup.buckets.find((b: Json) => b.kind === 'purchased');
    expect(purchased).toMatchObject({
      credits: 1000,
      expires_at: new Date(clock.now().getTime() + 730 * 86_400_000).toISOString(),
    });

    const history = await call('GET', '/prod-api/trade/v1/orders?pageNum=1&pageSize=10', ticket);
    expect(history.result.total).toBe(2);
    expect(history.result.list.map((o: Json) => [o.sku_id, o.status])).toEqual([
      ['credits-1000', 'active'],
      ['plus-month', 'active'],
    ]);
  });

  it('applies a webhook event once: the same event delivered again adds nothing', async () => {
    const { ticket } = await api.signIn('replay@example.com');
    const created = await order(ticket, 'credits-500');
    const before = (await account(ticket)).credits;
    const event = signedEvent({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'checkout.completed',
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        session_id: created.session_id,
        order_no: created.order_no,
        amount_fen: 1600,
        currency: 'CNY',
      },
    });
    const first = await deliver(event.payload, event.signature);
    expect(first.json()).toMatchObject({ code: 0, result: { received: true, duplicate: false } });
    expect((await account(ticket)).credits).toBe(before + 500);
    const replay = await deliver(event.payload, event.signature);
    expect(replay.json()).toMatchObject({ code: 0, result: { received: true, duplicate: true } });
    expect((await account(ticket)).credits).toBe(before + 500);

    // A tampered body or a wrong secret is refused and changes nothing.
    const forged = await deliver(event.payload.replace('1600', '1'), event.signature);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 1001 });
    const unsigned = await deliver(event.payload, 't=1,v1=00');
    expect(unsigned.statusCode).toBe(400);
    // An old signature (a captured event replayed later) is refused too.
    clock.advance(10 * 60_000);
    const stale = await deliver(event.payload, event.signature);
    expect(stale.statusCode).toBe(400);
  });
});

describe("the hosted checkout belongs to its order's owner", () => {
  it('others and visitors neither see nor settle it, and nothing is paid', async () => {
    const owner = await api.signIn('checkout-owner@example.com');
    const other = await api.signIn('checkout-stranger@example.com');
    const before = await account(owner.ticket);
    const created = await order(owner.ticket, 'pro-year');
    const url = `/prod-api/trade/v1/sandbox/checkout/${created.session_id}`;

    expect(await call('GET', url)).toMatchObject({ code: 3015 });
    expect(await call('POST', url, undefined, { outcome: 'pay' })).toMatchObject({ code: 3015 });
    expect(await call('GET', url, other.ticket)).toMatchObject({ code: 1004 });
    for (const outcome of ['pay', 'cancel', 'card_declined']) {
      expect(await settle(other.ticket, created.session_id, outcome)).toMatchObject({
        code: 1004,
        msg: 'Not found',
      });
    }
    const untouched = await call(
      'GET',
      `/prod-api/trade/v1/orders/${created.order_no}`,
      owner.ticket,
    );
    expect(untouched.result).toMatchObject({ status: 'waiting', failure: null });
    expect(await account(owner.ticket)).toMatchObject({ grade: 0, credits: before.credits });

    expect(await call('GET', url, owner.ticket)).toMatchObject({
      code: 0,
      result: { status: 'open' },
    });
    const paid = await settle(owner.ticket, created.session_id, 'pay');
    expect(paid.result).toMatchObject({ status: 'active' });
    expect((await account(owner.ticket)).grade).toBe(3);
  });
});

describe('a provider this server does not have', () => {
  it('is refused by name, for a checkout and for its webhook, and nothing is made', async () => {
    const { ticket } = await api.signIn('no-stripe@example.com');
    const order = await call('POST', '/prod-api/trade/v1/orders', ticket, {
      sku_id: 'plus-month',
      provider: 'stripe',
    });
    expect(order).toMatchObject({
      code: 1001,
      msg: 'Paying with Stripe is not available on this server',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/trade/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'x-accept-language': 'es' },
      payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } }),
    });
    expect(res.json()).toMatchObject({
      code: 1001,
      msg: 'El pago con Stripe no está disponible en este servidor',
    });
    const orders = await call('GET', '/prod-api/trade/v1/orders', ticket);
    expect(orders.result.list).toHaveLength(0);
  });
});

describe('concurrent deliveries', () => {
  it('the same event delivered in parallel is applied once', async () => {
    const { ticket } = await api.signIn('parallel-event@example.com');
    const created = await order(ticket, 'credits-1000');
    const before = (await account(ticket)).credits;
    const event = signedEvent({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'checkout.completed',
      created: Math.floor(clock.now().getTime() / 1000),
      data: {
        session_id: created.session_id,
        order_no: created.order_no,
        amount_fen: 2990,
        currency: 'CNY',
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(event.payload, event.signature)),
    );
    expect(answers.map((a) => a.json().result.duplicate).filter((d) => !d)).toHaveLength(1);
    expect((await account(ticket)).credits).toBe(before + 1000);
  });

  it('pay and cancel pressed together: one wins, credits match the outcome', async () => {
    const { ticket } = await api.signIn('parallel-pay@example.com');
    const created = await order(ticket, 'credits-1000');
    const before = (await account(ticket)).credits;
    await Promise.all([
      settle(ticket, created.session_id, 'pay'),
      settle(ticket, created.session_id, 'pay'),
      settle(ticket, created.session_id, 'cancel'),
    ]);
    const shown = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    const credits = (await account(ticket)).credits;
    expect(['active', 'cancelled']).toContain(shown.result.status);
    expect(credits).toBe(before + (shown.result.status === 'active' ? 1000 : 0));
  });
});

describe('checkouts that do not pay', () => {
  const cases = [
    ['cancel', 'cancelled', 'The buyer cancelled the payment'],
    [
      'card_declined',
      'card_declined',
      'Your card was declined, please use another card or ask your bank',
    ],
    ['3ds_failed', '3ds_failed', 'The 3DS challenge failed, please try again'],
    ['qr_expired', 'qr_expired', 'The QR code has expired, please place the order again'],
  ] as const;
  for (const [outcome, failure, message] of cases) {
    it(`${outcome}: the order is cancelled with its message and nothing is granted`, async () => {
      const { ticket } = await api.signIn(`fail-${outcome}@example.com`);
      const before = await account(ticket);
      const created = await order(ticket, 'plus-month');
      const res = await settle(ticket, created.session_id, outcome);
      expect(res.result).toMatchObject({ status: 'cancelled', failure, failure_msg: message });
      const after = await account(ticket);
      expect(after.grade).toBe(0);
      expect(after.credits).toBe(before.credits);
      const shown = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
      expect(shown.result).toMatchObject({ status: 'cancelled', failure, failure_msg: message });
      // A cancelled checkout cannot be paid afterwards.
      const late = await settle(ticket, created.session_id, 'pay');
      expect(late.result.status).toBe('cancelled');
      expect((await account(ticket)).grade).toBe(0);
    });
  }

  it('messages follow the caller language', async () => {
    const { ticket } = await api.signIn('fail-zh@example.com');
    const created = await order(ticket, 'credits-500');
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api/trade/v1/sandbox/checkout/${created.session_id}`,
      headers: { 'x-accept-language': 'zh', authorization: `Bearer ${ticket}` },
      payload: { outcome: 'cancel' },
    });
    expect(res.json().result.failure_msg).toBe('买家已取消支付');
  });

  it('an expired checkout settles as QR expired, and the job cancels forgotten ones', async () => {
    const { ticket } = await api.signIn('expired@example.com');
    const creditsBefore = (await account(ticket)).credits;
    const late = await order(ticket, 'credits-500');
    const forgotten = await order(ticket, 'credits-500');
    clock.advance(31 * 60_000);
    const page = await call(
      'GET',
      `/prod-api/trade/v1/sandbox/checkout/${late.session_id}`,
      ticket,
    );
    expect(page.result.status).toBe('expired');
    const res = await settle(ticket, late.session_id, 'pay');
    expect(res.result).toMatchObject({ status: 'cancelled', failure: 'qr_expired' });

    expect(await t.app.services.payments.expireCheckouts(clock.now())).toBe(1);
    const expired = {
      status: 'cancelled',
      failure: 'checkout_expired',
      failure_msg:
        'The checkout window closed before payment; nothing was charged. Please place the order again',
    };
    const shown = await call('GET', `/prod-api/trade/v1/orders/${forgotten.order_no}`, ticket);
    expect(shown.result).toMatchObject(expired);
    // The payment history says so too, in the caller's language.
    const history = await call('GET', '/prod-api/trade/v1/orders?pageNum=1&pageSize=10', ticket);
    expect(
      history.result.list.find((o: { order_no: string }) => o.order_no === forgotten.order_no),
    ).toMatchObject(expired);
    const inSpanish = await t.app.inject({
      method: 'GET',
      url: `/prod-api/trade/v1/orders/${forgotten.order_no}`,
      headers: { 'x-accept-language': 'es', authorization: `Bearer ${ticket}` },
    });
    expect(inSpanish.json().result.failure_msg).toBe(
      'El plazo para pagar terminó sin pago; no se ha cobrado nada. Vuelve a realizar el pedido',
    );
    // Run again (another node, the next tick): nothing left to expire, nothing changes.
    expect(await t.app.services.payments.expireCheckouts(clock.now())).toBe(0);
    // The buyer comes back to the forgotten checkout: it cannot be paid any more.
    const comeBack = await settle(ticket, forgotten.session_id, 'pay');
    expect(comeBack.result).toMatchObject({ status: 'cancelled', failure: 'checkout_expired' });
    expect((await account(ticket)).credits).toBe(creditsBefore);
  });
});

describe('refusals', () => {
  it('risk control: too many unpaid orders in 10 minutes', async () => {
    const { ticket } = await api.signIn('hasty@example.com');
    for (let i = 0; i < 5; i++) await order(ticket, 'credits-500');
    const refused = await call('POST', '/prod-api/trade/v1/orders', ticket, {
      sku_id: 'credits-500',
    });
    expect(refused).toMatchObject({
      code: 1029,
      msg: 'Rejected by risk control after multiple submissions, please try again later',
    });
    clock.advance(11 * 60_000);
    await order(ticket, 'credits-500');
  });

  it('unknown SKUs, unconfigured providers and bad input', async () => {
    const { ticket, id } = await api.signIn('odd@example.com');
    expect(
      await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'gold-month' }),
    ).toMatchObject({ code: 1004 });
    expect(
      await call('POST', '/prod-api/trade/v1/orders', ticket, {
        sku_id: 'plus-month',
        provider: 'stripe',
      }),
    ).toMatchObject({ code: 1001, msg: 'Paying with Stripe is not available on this server' });
    expect(
      await call('POST', '/prod-api/trade/v1/orders', ticket, {
        sku_id: 'plus-month',
        provider: 'paypal',
      }),
    ).toMatchObject({ code: 1001 });
    expect(
      await call('POST', '/prod-api/trade/v1/orders', undefined, { sku_id: 'plus-month' }),
    ).toMatchObject({
      code: 3015,
    });
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, id));
    expect(rows).toHaveLength(0);
  });

  it("other users' orders are not visible", async () => {
    const owner = await api.signIn('owner@example.com');
    const other = await api.signIn('other@example.com');
    const created = await order(owner.ticket, 'credits-500');
    expect(
      await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, other.ticket),
    ).toMatchObject({ code: 1004 });
  });
});

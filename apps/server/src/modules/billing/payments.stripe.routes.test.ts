import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages } from '../../adapters/mail/mail-folder';
import { ConfigError, loadConfig } from '../../config/env';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { startTestStripeServer } from './providers/test-stripe-server';

const WEBHOOK_SECRET = 'whsec_test_lumen_0123456789';
const DAY = 86_400_000;
let t: TestApp;
let stripeApi: Awaited<ReturnType<typeof startTestStripeServer>>;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));

beforeAll(async () => {
  stripeApi = await startTestStripeServer();
  t = await createTestApp({
    clock,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_lumen',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripeApi.url,
      ADMIN_EMAILS: 'admin@example.com',
    },
  });
  api = createApiCaller(t, clock);
});
afterAll(async () => {
  await t.close();
  await stripeApi.close();
});

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const account = async (ticket: string) =>
  (await call('GET', '/prod-api/trade/v1/account', ticket)).result as Json;

/** A Stripe event as Stripe sends it, signed with the endpoint secret. */
function stripeEvent(type: string, object: object, opts: { secret?: string; id?: string } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: seconds(clock.now()),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: seconds(clock.now()),
  });
  return { payload, signature };
}
async function post(event: { payload: string; signature: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/prod-api/trade/v1/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
    },
    payload: event.payload,
  });
  return { status: res.statusCode, body: res.json() as Json };
}

type Checkout = {
  orderNo: string;
  sessionId: string;
  userId: number;
  subId: string;
  customer: string;
};

async function checkout(ticket: string, userId: number, skuId = 'plus-month'): Promise<Checkout> {
  const res = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
  expect(res).toMatchObject({ code: 0 });
  return {
    orderNo: res.result.order_no,
    sessionId: res.result.session_id,
    userId,
    subId: newId('sub'),
    customer: newId('cus'),
  };
}
const sessionCompleted = (c: Checkout, amount = 9900, mode = 'subscription') =>
  stripeEvent('checkout.session.completed', {
    id: c.sessionId,
    object: 'checkout.session',
    mode,
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: c.orderNo,
    metadata: { order_no: c.orderNo, user_id: String(c.userId) },
    subscription: mode === 'subscription' ? c.subId : null,
    customer: c.customer,
    amount_total: amount,
    currency: 'cny',
  });
const invoice = (
  type: 'invoice.paid' | 'invoice.payment_failed',
  c: Checkout,
  reason: 'subscription_create' | 'subscription_cycle',
  period: { start: Date; end: Date },
  id = newId('in'),
  paid = 9900,
) =>
  stripeEvent(type, {
    id,
    object: 'invoice',
    billing_reason: reason,
    status: type === 'invoice.paid' ? 'paid' : 'open',
    amount_paid: type === 'invoice.paid' ? paid : 0,
    amount_due: 9900,
    currency: 'cny',
    customer: c.customer,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { order_no: c.orderNo, user_id: String(c.userId) },
        subscription: c.subId,
      },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          metadata: {},
          period: { start: seconds(period.start), end: seconds(period.end) },
        },
      ],
    },
  });
const subscriptionDeleted = (c: Checkout, endedAt: Date) =>
  stripeEvent('customer.subscription.deleted', {
    id: c.subId,
    object: 'subscription',
    status: 'canceled',
    customer: c.customer,
    metadata: { order_no: c.orderNo, user_id: String(c.userId) },
    canceled_at: seconds(endedAt),
    ended_at: seconds(endedAt),
  });

describe('Stripe checkout sessions', () => {
  it('needs both keys to be the provider', () => {
    expect(() =>
      loadConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toThrow(ConfigError);
    expect(t.config.payments.stripe).toMatchObject({ apiUrl: stripeApi.url });
  });

  it('opens a subscription-mode session for a plan and a payment-mode one for a top-up', async () => {
    const { ticket, id } = await api.signIn('stripe-session@example.com');
    const plan = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'plus-month' });
    expect(plan.result.checkout_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\//);
    const sent = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.auth).toBe('Bearer sk_test_lumen');
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      client_reference_id: plan.result.order_no,
      customer_email: 'stripe-session@example.com',
      metadata: { order_no: plan.result.order_no, user_id: String(id) },
      subscription_data: { metadata: { order_no: plan.result.order_no } },
      success_url: `http://localhost:8080/pay/result?order_no=${plan.result.order_no}`,
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'cny', unit_amount: '9900', recurring: { interval: 'month' } },
        },
      ],
    });

    const pack = await call('POST', '/prod-api/trade/v1/orders', ticket, {
      sku_id: 'credits-1000',
    });
    const packSent = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(packSent.body).toMatchObject({
      mode: 'payment',
      client_reference_id: pack.result.order_no,
      line_items: [{ price_data: { currency: 'cny', unit_amount: '2990' } }],
    });
    expect(JSON.stringify(packSent.body.line_items)).not.toContain('recurring');
  });

  it('uses the Stripe price an admin set on the SKU', async () => {
    const admin = await api.signIn('admin@example.com');
    const set = await call('PUT', '/prod-api/admin/skus/pro-month', admin.ticket, {
      stripe_price_id: 'price_pro_monthly',
    });
    expect(set.result).toMatchObject({ sku_id: 'pro-month', stripe_price_id: 'price_pro_monthly' });
    const { ticket } = await api.signIn('stripe-price@example.com');
    await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'pro-month' });
    const sent = stripeApi.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.body.line_items).toEqual([{ price: 'price_pro_monthly', quantity: '1' }]);
  });

  it('answers "pay error" and cancels the order when Stripe fails', async () => {
    const { ticket } = await api.signIn('stripe-down@example.com');
    stripeApi.failNextRequests(2);
    const res = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'plus-month' });
    expect(res).toMatchObject({ code: 1503, msg: 'Pay error, please try again later' });
    const orders = await call('GET', '/prod-api/trade/v1/orders', ticket);
    expect(orders.result.list[0]).toMatchObject({ status: 'cancelled', failure: 'pay_error' });
  });
});

describe('Stripe webhooks', () => {
  it('a signed checkout.session.completed activates the plan once; replays change nothing', async () => {
    const { ticket, id } = await api.signIn('stripe-paid@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id);
    const event = sessionCompleted(c);
    expect(await post(event)).toMatchObject({
      status: 200,
      body: { code: 0, result: { received: true, duplicate: false } },
    });
    const after = await account(ticket);
    expect(after.grade).toBe(2);
    expect(after.credits).toBe(before.credits + 4000);

    expect(await post(event)).toMatchObject({ body: { result: { duplicate: true } } });
    // The same payment announced again under a new event id is no new payment either.
    expect(await post(sessionCompleted(c))).toMatchObject({
      body: { result: { duplicate: false } },
    });
    // Its first invoice only sets the exact period Stripe bills.
    const end = new Date(clock.now().getTime() + 31 * DAY);
    await post(invoice('invoice.paid', c, 'subscription_create', { start: clock.now(), end }));
    expect((await account(ticket)).credits).toBe(after.credits);
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({
      status: 'active',
      provider: 'stripe',
      current_period_end: end.toISOString(),
    });
    expect(sub.result.portal_url).toMatch(/^https:\/\/billing\.stripe\.com\//);
  });

  it('refuses events with a bad signature and changes nothing', async () => {
    const { ticket, id } = await api.signIn('stripe-forged@example.com');
    const c = await checkout(ticket, id);
    const forged = sessionCompleted(c);
    const wrongSecret = stripeEvent(
      'checkout.session.completed',
      JSON.parse(forged.payload).data.object,
      {
        secret: 'whsec_someone_else',
      },
    );
    expect(await post(wrongSecret)).toMatchObject({ status: 400, body: { code: 1001 } });
    expect(await post({ payload: forged.payload, signature: 't=1,v1=deadbeef' })).toMatchObject({
      status: 400,
    });
    const tampered = {
      ...forged,
      payload: forged.payload.replace('"amount_total":9900', '"amount_total":1'),
    };
    expect(await post(tampered)).toMatchObject({ status: 400 });
    expect((await account(ticket)).grade).toBe(0);
    const order = await call('GET', `/prod-api/trade/v1/orders/${c.orderNo}`, ticket);
    expect(order.result.status).toBe('waiting');
  });

  it('invoice.paid arriving before checkout.session.completed activates the order once', async () => {
    const { ticket, id } = await api.signIn('stripe-early-invoice@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id);
    const end = new Date(clock.now().getTime() + 30 * DAY);
    await post(invoice('invoice.paid', c, 'subscription_create', { start: clock.now(), end }));
    const mid = await account(ticket);
    expect(mid.grade).toBe(2);
    expect(mid.credits).toBe(before.credits + 4000);
    await post(sessionCompleted(c));
    expect((await account(ticket)).credits).toBe(mid.credits);
    const order = await call('GET', `/prod-api/trade/v1/orders/${c.orderNo}`, ticket);
    expect(order.result.status).toBe('active');
  });

  it('customer.subscription.deleted before the payment: paid, but the plan has ended', async () => {
    const { ticket, id } = await api.signIn('stripe-deleted-first@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id);
    expect(await post(subscriptionDeleted(c, clock.now()))).toMatchObject({ status: 200 });
    await post(sessionCompleted(c));
    const after = await account(ticket);
    expect(after.grade).toBe(0);
    // The payment itself was taken, so its credits arrive.
    expect(after.credits).toBe(before.credits + 4000);
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result.status).toBe('ended');
  });

  it('renews on invoice.paid; a failed renewal marks past_due and mails the user', async () => {
    const signedIn = await api.signIn('stripe-renewal@example.com');
    let ticket = signedIn.ticket;
    const id = signedIn.id;
    const c = await checkout(ticket, id);
    const start = clock.now();
    const end = new Date(start.getTime() + 30 * DAY);
    await post(sessionCompleted(c));
    await post(invoice('invoice.paid', c, 'subscription_create', { start, end }));
    const first = await account(ticket);

    // An hour past the period end Stripe is still collecting: the plan keeps running.
    clock.set(new Date(end.getTime() + 3600_000));
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    ticket = (await api.signIn('stripe-renewal@example.com')).ticket;
    expect((await account(ticket)).grade).toBe(2);
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result).toMatchObject({
      status: 'active',
    });
    const next = new Date(end.getTime() + 31 * DAY);
    const renewal = invoice('invoice.paid', c, 'subscription_cycle', { start: end, end: next });
    await post(renewal);
    const renewed = await account(ticket);
    expect(renewed.grade).toBe(2);
    expect(
      renewed.buckets.filter((b: Json) => b.kind === 'subscription').map((b: Json) => b.credits),
    ).toEqual([4000]);
    expect(await post(renewal)).toMatchObject({ body: { result: { duplicate: true } } });
    expect((await account(ticket)).credits).toBe(renewed.credits);
    const orders = await call('GET', '/prod-api/trade/v1/orders', ticket);
    expect(orders.result.list[0]).toMatchObject({
      status: 'active',
      detail: 'Plus membership renewal',
      amount_fen: 9900,
      provider: 'stripe',
    });
    expect(first.credits).toBeGreaterThan(0);

    // The next renewal fails: past_due, an e-mail, and the plan lapses at the period end.
    clock.set(new Date(next.getTime() + 3600_000));
    ticket = (await api.signIn('stripe-renewal@example.com')).ticket;
    const failed = invoice('invoice.payment_failed', c, 'subscription_cycle', {
      start: next,
      end: new Date(next.getTime() + 30 * DAY),
    });
    expect(await post(failed)).toMatchObject({ status: 200 });
    await post(failed);
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({ status: 'past_due' });
    expect((await account(ticket)).grade).toBe(0);
    const mails = await listMessages(path.join(t.config.dataDir, 'mail'), {
      to: 'stripe-renewal@example.com',
      limit: 10,
    });
    const notices = mails.filter((m) => m.subject === 'Your Lumen Plus renewal failed');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('http://localhost:8080/pay');

    // Re-subscribing by hand stops the lapsed Stripe subscription first.
    const again = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: 'plus-month' });
    expect(again.code).toBe(0);
    expect(
      stripeApi.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${c.subId}`,
      ),
    ).toBe(true);
  });

  it('a renewal never paid lapses after the grace; a payment that arrives later is honoured', async () => {
    const signedIn = await api.signIn('stripe-lapse@example.com');
    let ticket = signedIn.ticket;
    const c = await checkout(ticket, signedIn.id);
    const start = clock.now();
    const end = new Date(start.getTime() + 30 * DAY);
    await post(sessionCompleted(c));
    await post(invoice('invoice.paid', c, 'subscription_create', { start, end }));

    clock.set(new Date(end.getTime() + 2 * DAY));
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    ticket = (await api.signIn('stripe-lapse@example.com')).ticket;
    expect((await account(ticket)).grade).toBe(2);

    clock.set(new Date(end.getTime() + 3 * DAY + 60_000));
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    ticket = (await api.signIn('stripe-lapse@example.com')).ticket;
    expect((await account(ticket)).grade).toBe(0);
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result).toMatchObject({
      status: 'ended',
    });

    // Stripe's last retry succeeds after all: the user paid, so the period is theirs.
    const next = new Date(end.getTime() + 31 * DAY);
    const late = await post(
      invoice('invoice.paid', c, 'subscription_cycle', { start: end, end: next }),
    );
    expect(late.status).toBe(200);
    const renewed = await account(ticket);
    expect(renewed.grade).toBe(2);
    expect(
      renewed.buckets.filter((b: Json) => b.kind === 'subscription').map((b: Json) => b.credits),
    ).toContain(4000);
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result).toMatchObject({
      status: 'active',
    });
  });

  /**
   * A user with these settings subscribes at Stripe, and the first renewal fails: answers the
   * mails they got after the subscription went past due.
   */
  async function failFirstRenewal(email: string, settings: Json) {
    const signedIn = await api.signIn(email);
    await call('PUT', '/prod-api/user/settings', signedIn.ticket, settings);
    const c = await checkout(signedIn.ticket, signedIn.id);
    await post(sessionCompleted(c));
    clock.advance(30 * DAY);
    const period = { start: clock.now(), end: new Date(clock.now().getTime() + 30 * DAY) };
    await post(invoice('invoice.payment_failed', c, 'subscription_cycle', period));
    const ticket = (await api.signIn(email)).ticket;
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result.status).toBe(
      'past_due',
    );
    return listMessages(path.join(t.config.dataDir, 'mail'), { to: email, limit: 10 });
  }

  it('does not mail a failed renewal to a user who turned official notices off', async () => {
    const mails = await failFirstRenewal('stripe-quiet@example.com', {
      email_notices: { official: false },
    });
    expect(mails.filter((m) => m.subject.includes('renewal failed'))).toHaveLength(0);
  });

  it('mails a failed renewal in the language the user chose', async () => {
    const mails = await failFirstRenewal('stripe-zh@example.com', { language: 'zh' });
    const notices = mails.filter((m) => m.subject === '您的 Lumen Plus 自动续费失败');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('http://localhost:8080/pay');
    expect(mails.some((m) => m.subject.includes('renewal failed'))).toBe(false);
  });

  it('cancels and resumes at Stripe; the period-end job ends a cancelled plan', async () => {
    const signedIn = await api.signIn('stripe-cancel@example.com');
    let ticket = signedIn.ticket;
    const id = signedIn.id;
    const c = await checkout(ticket, id);
    await post(sessionCompleted(c));
    const cancelled = await call('POST', '/prod-api/trade/v1/subscription/cancel', ticket);
    expect(cancelled.result).toMatchObject({ status: 'cancelling', cancel_at_period_end: true });
    expect(stripeApi.subscriptions.get(c.subId)).toMatchObject({ cancel_at_period_end: true });
    const resumed = await call('POST', '/prod-api/trade/v1/subscription/resume', ticket);
    expect(resumed.result).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect(stripeApi.subscriptions.get(c.subId)).toMatchObject({ cancel_at_period_end: false });
    await call('POST', '/prod-api/trade/v1/subscription/cancel', ticket);

    clock.advance(30 * DAY + 60_000);
    await t.app.services.subscriptions.runPeriodEnds(clock.now());
    ticket = (await api.signIn('stripe-cancel@example.com')).ticket;
    expect((await account(ticket)).grade).toBe(0);
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result.status).toBe(
      'ended',
    );
    // Stripe's own deletion event at the period end changes nothing more.
    expect(await post(subscriptionDeleted(c, clock.now()))).toMatchObject({ status: 200 });
  });

  it('two plans paid at the same moment: both honoured, the second stops renewing at Stripe, and the user is told', async () => {
    const email = 'stripe-twice@example.com';
    const { ticket, id } = await api.signIn(email);
    const before = await account(ticket);
    // Two tabs opened checkouts before either was paid.
    const tabs = [await checkout(ticket, id), await checkout(ticket, id)];
    const answers = await Promise.all(tabs.map((c) => post(sessionCompleted(c))));
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, body: { result: { duplicate: false } } });
    }
    // The money moved twice, so both plans' credits arrive.
    const after = await account(ticket);
    expect(after.grade).toBe(2);
    expect(after.credits).toBe(before.credits + 8000);
    // Exactly one of them stops renewing, here and at Stripe: no double charge next month.
    const renewing = tabs.map((c) => stripeApi.subscriptions.get(c.subId)?.cancel_at_period_end);
    expect(renewing.filter((flag) => flag === true)).toHaveLength(1);
    const mails = (
      await listMessages(path.join(t.config.dataDir, 'mail'), { to: email, limit: 10 })
    ).filter((m) => m.subject.includes('second'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You paid for a second Lumen plan: Plus will not renew');
    expect(mails[0]!.text).toContain('its 4000 credits are in your account');
    // Replays of both payments change nothing more.
    await Promise.all(tabs.map((c) => post(sessionCompleted(c))));
    expect((await account(ticket)).credits).toBe(after.credits);
  });

  it('a top-up paid at Stripe grants purchased credits', async () => {
    const { ticket, id } = await api.signIn('stripe-topup@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id, 'credits-3000');
    await post(sessionCompleted(c, 8490, 'payment'));
    const after = await account(ticket);
    expect(after.credits).toBe(before.credits + 3000);
    expect(after.buckets.find((b: Json) => b.kind === 'purchased')).toMatchObject({
      credits: 3000,
    });
  });
});

describe('Stripe payments of another amount than the order', () => {
  let admin: string | undefined;
  const adminTicket = async () => (admin ??= (await api.signIn('admin@example.com')).ticket);

  it('a checkout paid short is held for review; cancelled, its subscription stops at Stripe', async () => {
    const { ticket, id } = await api.signIn('stripe-short@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id);
    expect(await post(sessionCompleted(c, 1))).toMatchObject({ status: 200 });
    const end = new Date(clock.now().getTime() + 30 * DAY);
    // Its first invoice, even for the full price, does not apply the held order either.
    await post(invoice('invoice.paid', c, 'subscription_create', { start: clock.now(), end }));
    expect(await account(ticket)).toMatchObject({ grade: 0, credits: before.credits });
    const held = await call('GET', `/prod-api/trade/v1/orders/${c.orderNo}`, ticket);
    expect(held.result).toMatchObject({ status: 'review', amount_fen: 9900 });

    const listed = await call('GET', '/prod-api/admin/orders/review', await adminTicket());
    expect(listed.result.list).toContainEqual(
      expect.objectContaining({ order_no: c.orderNo, paid_amount_fen: 1, provider: 'stripe' }),
    );
    const cancelled = await call(
      'POST',
      `/prod-api/admin/orders/${c.orderNo}/resolve`,
      await adminTicket(),
      { action: 'cancel' },
    );
    expect(cancelled.result).toMatchObject({ status: 'cancelled', failure: 'risk_control' });
    expect(
      stripeApi.requests.some(
        (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${c.subId}`,
      ),
    ).toBe(true);
    expect(await account(ticket)).toMatchObject({ grade: 0, credits: before.credits });
  });

  it('a first invoice paid with another amount is held; accepted, the plan starts', async () => {
    const { ticket, id } = await api.signIn('stripe-odd-invoice@example.com');
    const before = await account(ticket);
    const c = await checkout(ticket, id);
    const end = new Date(clock.now().getTime() + 30 * DAY);
    const period = { start: clock.now(), end };
    await post(invoice('invoice.paid', c, 'subscription_create', period, newId('in'), 100));
    expect(await account(ticket)).toMatchObject({ grade: 0, credits: before.credits });
    const held = await call('GET', `/prod-api/trade/v1/orders/${c.orderNo}`, ticket);
    expect(held.result.status).toBe('review');

    const accepted = await call(
      'POST',
      `/prod-api/admin/orders/${c.orderNo}/resolve`,
      await adminTicket(),
      { action: 'accept' },
    );
    expect(accepted.result).toMatchObject({ status: 'active', paid_amount_fen: 100 });
    expect(await account(ticket)).toMatchObject({ grade: 2, credits: before.credits + 4000 });
    const sub = await call('GET', '/prod-api/trade/v1/subscription', ticket);
    expect(sub.result).toMatchObject({ status: 'active', provider: 'stripe' });
  });
});

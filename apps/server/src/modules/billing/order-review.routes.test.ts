import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

const SECRET = 'sandbox-webhook-secret-for-tests-0123456789';
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { PAYMENT_WEBHOOK_SECRET: SECRET, ADMIN_EMAILS: 'admin@example.com' },
  });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

const account = async (ticket: string) =>
  (await call('GET', '/prod-api/trade/v1/account', ticket)).result as Json;

async function order(ticket: string, skuId: string) {
  const res = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
  expect(res).toMatchObject({ code: 0 });
  return res.result as { order_no: string; session_id: string };
}

/** A sandbox event saying the order was paid `amountFen`, signed with the sandbox's secret. */
async function paidEvent(created: { order_no: string; session_id: string }, amountFen: number) {
  const at = Math.floor(clock.now().getTime() / 1000);
  const payload = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    type: 'checkout.completed',
    created: at,
    data: {
      session_id: created.session_id,
      order_no: created.order_no,
      amount_fen: amountFen,
      currency: 'CNY',
    },
  });
  const v1 = createHmac('sha256', SECRET).update(`${at}.${payload}`).digest('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: '/prod-api/trade/v1/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'lumen-signature': `t=${at},v1=${v1}` },
    payload,
  });
  return res.json() as Json;
}

let admin: string | undefined;
/** Signed in once: sign-in codes to one address are rate limited. */
const adminTicket = async () => (admin ??= (await api.signIn('admin@example.com')).ticket);
const resolve = async (orderNo: string, action: string) =>
  call('POST', `/prod-api/admin/orders/${orderNo}/resolve`, await adminTicket(), { action });
const inReview = async () =>
  (await call('GET', '/prod-api/admin/orders/review', await adminTicket())).result as Json;

describe('a payment of another amount than its order', () => {
  it('is held for review: nothing is credited until an admin accepts it', async () => {
    const { ticket, id } = await api.signIn('short-payer@example.com');
    const before = await account(ticket);
    const created = await order(ticket, 'credits-500');

    expect(await paidEvent(created, 1)).toMatchObject({ code: 0, result: { received: true } });
    const held = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    expect(held.result).toMatchObject({ status: 'review', amount_fen: 1600, failure: null });
    expect((await account(ticket)).credits).toBe(before.credits);

    // Later news of the same payment, even with the right amount, waits for the admin too.
    expect(await paidEvent(created, 1600)).toMatchObject({ code: 0 });
    const settled = await call(
      'POST',
      `/prod-api/trade/v1/sandbox/checkout/${created.session_id}`,
      ticket,
      { outcome: 'pay' },
    );
    expect(settled.result).toMatchObject({ status: 'review' });
    expect((await account(ticket)).credits).toBe(before.credits);

    const listed = await inReview();
    expect(listed.list).toContainEqual(
      expect.objectContaining({
        order_no: created.order_no,
        user_id: id,
        status: 'review',
        amount_fen: 1600,
        paid_amount_fen: 1,
        sku_id: 'credits-500',
      }),
    );

    const accepted = await resolve(created.order_no, 'accept');
    expect(accepted).toMatchObject({ code: 0, result: { status: 'active', paid_amount_fen: 1 } });
    expect((await account(ticket)).credits).toBe(before.credits + 500);
    expect(await resolve(created.order_no, 'accept')).toMatchObject({
      code: 1009,
      msg: 'This order is not waiting for a review',
    });
    expect((await account(ticket)).credits).toBe(before.credits + 500);
    const after = await inReview();
    expect(after.list.map((o: Json) => o.order_no)).not.toContain(created.order_no);
  });

  it('a held plan grants no grade; cancelled by an admin it never does', async () => {
    const { ticket } = await api.signIn('short-plan@example.com');
    const before = await account(ticket);
    const created = await order(ticket, 'plus-month');
    await paidEvent(created, 100);
    expect(await account(ticket)).toMatchObject({ grade: 0, credits: before.credits });
    expect((await call('GET', '/prod-api/trade/v1/subscription', ticket)).result).toBeNull();

    const cancelled = await resolve(created.order_no, 'cancel');
    expect(cancelled.result).toMatchObject({ status: 'cancelled', failure: 'risk_control' });
    await paidEvent(created, 9900);
    expect(await account(ticket)).toMatchObject({ grade: 0, credits: before.credits });
    const shown = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    expect(shown.result).toMatchObject({ status: 'cancelled', failure: 'risk_control' });
  });

  it('a held plan accepted by an admin becomes the plan it bought', async () => {
    const { ticket } = await api.signIn('accepted-plan@example.com');
    const before = await account(ticket);
    const created = await order(ticket, 'plus-month');
    await paidEvent(created, 99_000);
    expect((await account(ticket)).grade).toBe(0);
    await resolve(created.order_no, 'accept');
    const after = await account(ticket);
    expect(after).toMatchObject({ grade: 2, credits: before.credits + 4000 });
  });

  it('the right amount is applied at once, as before', async () => {
    const { ticket } = await api.signIn('exact-payer@example.com');
    const before = await account(ticket);
    const created = await order(ticket, 'credits-500');
    await paidEvent(created, 1600);
    expect((await account(ticket)).credits).toBe(before.credits + 500);
  });
});

describe('the review admin API', () => {
  it('is for admins only, and refuses bad input without changing anything', async () => {
    const { ticket } = await api.signIn('curious@example.com');
    const created = await order(ticket, 'credits-1000');
    await paidEvent(created, 5);
    expect(await call('GET', '/prod-api/admin/orders/review', ticket)).toMatchObject({
      code: 1003,
    });
    expect(
      await call('POST', `/prod-api/admin/orders/${created.order_no}/resolve`, ticket, {
        action: 'accept',
      }),
    ).toMatchObject({ code: 1003 });
    expect(await resolve(created.order_no, 'refund')).toMatchObject({ code: 1001 });
    expect(await resolve('LM000', 'accept')).toMatchObject({ code: 1004 });
    const waiting = await order(ticket, 'credits-500');
    expect(await resolve(waiting.order_no, 'accept')).toMatchObject({ code: 1009 });
    const shown = await call('GET', `/prod-api/trade/v1/orders/${created.order_no}`, ticket);
    expect(shown.result.status).toBe('review');
    const list = await inReview();
    expect(list.total).toBeGreaterThanOrEqual(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { readMailedCode } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
// 20:00 UTC is 12:00 GMT-8; the next daily issue is at 08:00 UTC tomorrow.
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));
const nextIssue = new Date('2026-06-11T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'admin@example.com' } });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

/** Signs up by e-mail code carrying an invitation code, the way the web app sends it. */
async function signUpWith(email: string, attribution: Record<string, string>) {
  clock.advance(61_000);
  await call('POST', '/prod-api/user/captcha', undefined, { method: 'email', email });
  const captcha = await readMailedCode(t, email);
  const res = await call('POST', '/prod-api/user/login', undefined, {
    loginType: 'email',
    email,
    captcha,
    ...attribution,
  });
  expect(res.result.is_new_user).toBe(true);
  return { ticket: res.result.ticket as string, id: res.result.id as number };
}

async function buy(ticket: string, skuId: string) {
  const created = await call('POST', '/prod-api/trade/v1/orders', ticket, { sku_id: skuId });
  expect(created.code).toBe(0);
  await call('POST', `/prod-api/trade/v1/sandbox/checkout/${created.result.session_id}`, ticket, {
    outcome: 'pay',
  });
  return (await call('GET', `/prod-api/trade/v1/orders/${created.result.order_no}`, ticket))
    .result as Json;
}
const rewardBucket = async (ticket: string) =>
  ((await call('GET', '/prod-api/trade/v1/account', ticket)).result.buckets as Json[])
    .filter((b) => b.kind === 'reward')
    .reduce((n, b) => n + b.credits, 0);

describe('invitations', () => {
  it('links invitees at sign-up, activates them on subscribing, rewards once at 00:00 GMT-8', async () => {
    const inviter = await api.signIn('inviter@example.com');
    const mine = (await call('GET', '/prod-api/user/fission/invitations', inviter.ticket)).result;
    expect(mine).toMatchObject({
      discount: 10,
      redeemable_points: 0,
      total_points: 0,
      used_points: 0,
      list: [],
    });
    expect(mine.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(mine.invite_url).toBe(`http://localhost:8080/?invitation_code=${mine.invite_code}`);
    // The same code every time.
    expect(
      (await call('GET', '/prod-api/user/fission/invitations', inviter.ticket)).result.invite_code,
    ).toBe(mine.invite_code);
    const info = await call('GET', `/prod-api/user/fission/invite/${mine.invite_code}`);
    expect(info.result).toEqual({ role: 'general', uid: inviter.id, discount: 10 });
    expect(await call('GET', '/prod-api/user/fission/invite/NOPE1234')).toMatchObject({
      code: 1004,
    });

    // Invited as channel_id (lower case is fine) and as invitationcode.
    const maria = await signUpWith('maria.lopez@example.com', {
      channel_id: mine.invite_code.toLowerCase(),
    });
    const kenji = await signUpWith('kenji@example.com', { invitationcode: mine.invite_code });
    await signUpWith('stranger@example.com', { channel_id: 'viva_h5' });
    let list = (await call('GET', '/prod-api/user/fission/invitations', inviter.ticket)).result;
    expect(list.list).toHaveLength(2);
    expect(list.list.map((i: Json) => [i.invitee, i.status, i.reward_points])).toEqual([
      ['ke***ji', 'pending', 0],
      ['ma***ez', 'pending', 0],
    ]);

    // The invitee's first plan is 10% off; Plus activates the invitation at 300 points.
    const plus = await buy(maria.ticket, 'plus-month');
    expect(plus.amount_fen).toBe(8910);
    const pro = await buy(kenji.ticket, 'pro-month');
    expect(pro.amount_fen).toBe(17910);
    list = (await call('GET', '/prod-api/user/fission/invitations', inviter.ticket)).result;
    expect(list.list.map((i: Json) => [i.status, i.reward_points]).sort()).toEqual([
      ['activated', 300],
      ['activated', 600],
    ]);
    expect(list.total_points).toBe(0);

    // Not before 00:00 GMT-8.
    expect(await t.app.services.invites.issueInviteRewards(clock.now())).toBe(0);
    expect(await rewardBucket(inviter.ticket)).toBe(0);
    clock.set(nextIssue);
    expect(await t.app.services.invites.issueInviteRewards(clock.now())).toBe(2);
    expect(await t.app.services.invites.issueInviteRewards(clock.now())).toBe(0);
    clock.advance(86_400_000);
    expect(await t.app.services.invites.issueInviteRewards(clock.now())).toBe(0);

    const again = await api.signIn('inviter@example.com');
    expect(await rewardBucket(again.ticket)).toBe(900);
    const bills = await call('GET', '/prod-api/trade/v1/credits/bills?filter=free', again.ticket);
    expect(
      bills.result.data
        .filter((b: Json) => b.kind === 'reward')
        .map((b: Json) => [b.event, b.credits, b.expiration]),
    ).toEqual([
      ['Invitation reward', 600, null],
      ['Invitation reward', 300, null],
    ]);
    const totals = (await call('GET', '/prod-api/user/fission/invitations', again.ticket)).result;
    expect(totals).toMatchObject({ redeemable_points: 900, total_points: 900, used_points: 0 });

    // Spending takes the daily login credits first (they expire first), then rewards.
    const balance = (await call('GET', '/prod-api/trade/v1/account', again.ticket)).result
      .credits as number;
    await t.app.services.ledger.hold({
      userId: again.id,
      amount: balance - 900 + 470,
      event: 'spend',
      service: 'txt2img',
      idempotencyKey: 'spend-rewards',
    });
    const used = (await call('GET', '/prod-api/user/fission/invitations', again.ticket)).result;
    expect(used).toMatchObject({ redeemable_points: 430, total_points: 900, used_points: 470 });
  });

  it('partners give 20% and admins set the flag', async () => {
    const admin = await api.signIn('admin@example.com');
    const partner = await api.signIn('partner@example.com');
    const user = await api.signIn('not-admin@example.com');
    expect(
      await call('PUT', `/prod-api/admin/users/${partner.id}/partner`, user.ticket, {
        partner: true,
      }),
    ).toMatchObject({ code: 1003 });
    const set = await call('PUT', `/prod-api/admin/users/${partner.id}/partner`, admin.ticket, {
      partner: true,
    });
    expect(set.result).toMatchObject({ user_id: partner.id, partner: true });
    const code = set.result.invite_code as string;
    expect((await call('GET', `/prod-api/user/fission/invite/${code}`)).result).toEqual({
      role: 'partner',
      uid: partner.id,
      discount: 20,
    });
    const invitee = await signUpWith('partner-invitee@example.com', { channel_id: code });
    const order = await buy(invitee.ticket, 'basic-month');
    expect(order.amount_fen).toBe(3120);
    // The invite discount is for the first plan only; top-ups pay full price.
    const pack = await call('POST', '/prod-api/trade/v1/orders', invitee.ticket, {
      sku_id: 'credits-500',
    });
    const packOrder = await call(
      'GET',
      `/prod-api/trade/v1/orders/${pack.result.order_no}`,
      invitee.ticket,
    );
    expect(packOrder.result.amount_fen).toBe(1600);
  });

  it('a user cannot invite themselves and is linked once', async () => {
    const first = await api.signIn('self@example.com');
    const code = (await call('GET', '/prod-api/user/fission/invitations', first.ticket)).result
      .invite_code as string;
    await t.app.services.invites.linkSignup(first.id, [code]);
    const list = (await call('GET', '/prod-api/user/fission/invitations', first.ticket)).result;
    expect(list.list).toHaveLength(0);
  });
});

describe('operation discount', () => {
  it('is 100 − 100 × OPERATION_PRICE_RATIO and applies to every order', async () => {
    const sale = await createTestApp({ clock, env: { OPERATION_PRICE_RATIO: '0.85' } });
    try {
      const caller = createApiCaller(sale, clock);
      expect((await caller.call('GET', '/prod-api/operation/discount')).result).toEqual({
        discount: 15,
      });
      const { ticket } = await caller.signIn('sale@example.com');
      const created = await caller.call('POST', '/prod-api/trade/v1/orders', ticket, {
        sku_id: 'credits-1000',
      });
      const order = await caller.call(
        'GET',
        `/prod-api/trade/v1/orders/${created.result.order_no}`,
        ticket,
      );
      expect(order.result.amount_fen).toBe(2542);
    } finally {
      await sale.close();
    }
  });
});

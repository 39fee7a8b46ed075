import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const signIn = (email: string) => api.signIn(email);
// 20:00 UTC is 12:00 GMT-8: the business day has 12 h left.
const clock = new ManualClock(new Date('2026-06-10T20:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock, env: { ADMIN_EMAILS: 'admin@example.com' } });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

describe('daily login credits', () => {
  it('grants once per GMT-8 day, expiring at 23:59:59 GMT-8', async () => {
    const { ticket } = await signIn('daily@example.com');
    const first = (await call('GET', '/prod-api/trade/v1/account', ticket)).result;
    expect(first).toMatchObject({
      grade: 0,
      plan_name: 'free',
      credits: 30,
      isPayment: true,
      isFreeVip: false,
    });
    expect(first.buckets).toEqual([
      { kind: 'free', credits: 30, expires_at: '2026-06-11T07:59:59.000Z' },
    ]);

    // Signing in again the same day grants nothing more.
    const again = await signIn('daily@example.com');
    expect((await call('GET', '/prod-api/trade/v1/account', again.ticket)).result.credits).toBe(30);

    // The next GMT-8 day: yesterday's expire, today's arrive.
    clock.advance(13 * 3600_000);
    const tomorrow = await signIn('daily@example.com');
    expect((await call('GET', '/prod-api/trade/v1/account', tomorrow.ticket)).result.credits).toBe(
      30,
    );
    const bills = (
      await call('GET', '/prod-api/trade/v1/credits/bills?filter=all', tomorrow.ticket)
    ).result;
    expect(bills.data.map((r: Json) => [r.type, r.credits])).toEqual([
      ['gift', 30],
      ['expire', -30],
      ['gift', 30],
    ]);
    expect(bills.data[0]).toMatchObject({ event: 'Daily login', kind: 'free' });
  });
});

describe('admin grants', () => {
  it('raises credits by exactly the amount once per key; others are refused', async () => {
    const admin = await signIn('admin@example.com');
    const user = await signIn('creator@example.com');
    const before = (await call('GET', '/prod-api/trade/v1/account', user.ticket)).result.credits;
    const body = {
      amount: 100,
      kind: 'gift',
      reason: 'Welcome gift',
      idempotency_key: 'grant-0001',
    };
    const granted = await call(
      'POST',
      `/prod-api/admin/users/${user.id}/credits`,
      admin.ticket,
      body,
    );
    expect(granted).toMatchObject({ code: 0, result: { replayed: false } });
    expect((await call('GET', '/prod-api/trade/v1/account', user.ticket)).result.credits).toBe(
      before + 100,
    );
    const replay = await call(
      'POST',
      `/prod-api/admin/users/${user.id}/credits`,
      admin.ticket,
      body,
    );
    expect(replay.result.replayed).toBe(true);
    expect((await call('GET', '/prod-api/trade/v1/account', user.ticket)).result.credits).toBe(
      before + 100,
    );

    const stranger = await call('POST', `/prod-api/admin/users/${user.id}/credits`, user.ticket, {
      ...body,
      idempotency_key: 'grant-0002',
    });
    expect(stranger.code).toBe(1003);
    expect((await call('GET', '/prod-api/trade/v1/account', user.ticket)).result.credits).toBe(
      before + 100,
    );

    const bills = (
      await call('GET', '/prod-api/trade/v1/credits/bills?filter=free&page_size=5', user.ticket)
    ).result;
    expect(bills.data[0]).toMatchObject({ type: 'gift', credits: 100, event: 'Welcome gift' });
    expect(bills.data[0].expiration).toEqual(expect.any(String));
    expect(
      (await call('GET', '/prod-api/trade/v1/credits/bills?filter=purchased', user.ticket)).result
        .total,
    ).toBe(0);
    expect(
      (await call('GET', '/prod-api/trade/v1/credits/bills?filter=everything', user.ticket)).code,
    ).toBe(1001);
  });

  it('gives a plan grade for some days', async () => {
    const admin = await signIn('admin@example.com');
    const user = await signIn('plus@example.com');
    const res = await call('POST', `/prod-api/admin/users/${user.id}/plan`, admin.ticket, {
      grade: 2,
      days: 30,
    });
    expect(res.result.account).toMatchObject({ grade: 2, plan_name: 'plus' });
    const plans = (await call('GET', '/prod-api/trade/v1/userplans', user.ticket)).result.data;
    expect(plans[0]).toMatchObject({ grade: 2, source: 'admin', active: true });
    expect(
      (
        await call('POST', `/prod-api/admin/users/${user.id}/plan`, user.ticket, {
          grade: 3,
          days: 30,
        })
      ).code,
    ).toBe(1003);
    expect(
      (
        await call('POST', `/prod-api/admin/users/999999/plan`, admin.ticket, {
          grade: 3,
          days: 30,
        })
      ).code,
    ).toBe(1004);
  });
});

describe('quotes', () => {
  it('refuses lip sync to a user with fewer credits than it costs', async () => {
    const { ticket } = await signIn('poor@example.com');
    const quote = await call('POST', '/prod-api/trade/v1/quote', ticket, {
      task_type: 'mouth_speech',
      count: 1,
    });
    expect(quote.result).toMatchObject({
      cost: 100,
      allowed: false,
      reason_code: 2007,
      balance: 30,
    });
    expect(quote.result.reason).toContain("Don't have enough points");
  });

  it('prices images per unit and gates subscriber features with 2020', async () => {
    const { ticket } = await signIn('gate@example.com');
    const q = (body: object) => call('POST', '/prod-api/trade/v1/quote', ticket, body);
    expect((await q({ task_type: 'txt2img', count: 2 })).result).toMatchObject({
      cost: 2,
      allowed: true,
      mode: 'standard',
    });
    expect((await q({ task_type: 'txt2img', count: 4 })).result).toMatchObject({
      allowed: false,
      reason_code: 2020,
    });
    expect((await q({ task_type: 'txt2img', count: 1, private: true })).result.reason_code).toBe(
      2020,
    );
    expect((await q({ task_type: 'remove_bg' })).result.reason_code).toBe(2020);
    expect((await q({ task_type: 'video_diffusion', duration: 10 })).result.reason_code).toBe(2020);
    expect((await q({ task_type: 'video_diffusion', duration: 5 })).result).toMatchObject({
      cost: 30,
      allowed: true,
    });
    expect(
      (await q({ task_type: 'video_diffusion_img2vid', effect: true, total: 45 })).result,
    ).toMatchObject({ cost: 45, allowed: false, reason_code: 2007 });
    expect((await q({ task_type: 'nonsense' })).code).toBe(1001);
  });

  it('lets a subscriber without credits run relaxed, but not the pro model', async () => {
    const admin = await signIn('admin@example.com');
    const user = await signIn('relaxed@example.com');
    await call('POST', `/prod-api/admin/users/${user.id}/plan`, admin.ticket, {
      grade: 3,
      days: 30,
    });
    const q = (body: object) => call('POST', '/prod-api/trade/v1/quote', user.ticket, body);
    expect((await q({ task_type: 'txt2img', count: 4, private: true })).result).toMatchObject({
      allowed: true,
      cost: 4,
      estimated_wait_min: 2,
    });
    expect((await q({ task_type: 'video_diffusion', count: 2 })).result).toMatchObject({
      allowed: true,
      mode: 'relaxed',
      cost: 0,
    });
    const pro = (await q({ task_type: 'video_diffusion', count: 2, model: 'professional' })).result;
    expect(pro).toMatchObject({ allowed: false, reason_code: 2007 });
    expect(pro.reason).toBe("Don't have enough points for production, Get Credits!");
  });

  it('needs a session', async () => {
    expect(
      (await call('POST', '/prod-api/trade/v1/quote', undefined, { task_type: 'txt2img' })).code,
    ).toBe(3015);
  });
});

describe('birthday reward', () => {
  it('is granted once, however often the birthday changes', async () => {
    const { ticket } = await signIn('cake@example.com');
    await call('PUT', '/prod-api/user/profile', ticket, { birthday: '2000-02-29' });
    await call('PUT', '/prod-api/user/profile', ticket, { birthday: '2000-03-01' });
    const bills = (
      await call('GET', '/prod-api/trade/v1/credits/bills?filter=free', ticket, undefined)
    ).result;
    expect(bills.data.filter((r: Json) => r.event === 'Birthday reward')).toHaveLength(1);
    expect((await call('GET', '/prod-api/trade/v1/account', ticket)).result.credits).toBe(80);
  });
});

describe('bill lines of generations', () => {
  it('name the task type in the reader’s language, not by its code', async () => {
    const { ticket } = await signIn('named-bills@example.com');
    const submitted = await call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
      prompt: 'a lighthouse at dusk',
    });
    expect(submitted.code).toBe(0);
    const billsIn = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/prod-api/trade/v1/credits/bills?filter=all',
        headers: { authorization: `Bearer ${ticket}`, 'x-accept-language': lang },
      });
      return (res.json() as Json).result.data as Json[];
    };
    const charge = (rows: Json[]) => rows.find((r) => r.service === 'txt2img');
    expect(charge(await billsIn('en'))).toMatchObject({
      type: 'consumption',
      event: 'Text to image',
    });
    expect(charge(await billsIn('es'))?.event).toBe('Texto a imagen');
    expect(charge(await billsIn('ja'))?.event).toBe('テキストから画像');
    expect(charge(await billsIn('zh'))?.event).toBe('文生图');
  });
});

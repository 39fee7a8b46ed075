import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createApiCaller, type Json } from '../../../test/support/api-caller';
import { readLatestMail } from '../../../test/support/mailbox';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { guardianLinks, userAges } from './minors.schema';

let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
const call: ReturnType<typeof createApiCaller>['call'] = (...args) => api.call(...args);
const clock = new ManualClock(new Date('2026-06-10T12:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  api = createApiCaller(t, clock);
});
afterAll(() => t.close());

/** A date of birth that makes its owner `years` old on the test clock's day. */
const bornYearsAgo = (years: number) => `${2026 - years}-03-01`;

async function guardianToken(email: string): Promise<string> {
  const mail = await readLatestMail(t, email);
  const token = mail.text.match(/\/guardian\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no guardian link mailed to ${email}`);
  return token;
}

const publishSomething = (ticket: string) =>
  call('POST', '/prod-api/content/works', ticket, { task_id: randomUUID(), title: 'Kite' });
const credits = async (ticket: string) =>
  (await call('GET', '/prod-api/trade/v1/account', ticket)).result.credits as number;

/** A child who answered the age question with a guardian's address. */
async function child(name: string) {
  const me = await api.signIn(`${name}@example.com`);
  const guardian = `parent-of-${name}@example.org`;
  const answered = await call('POST', '/prod-api/user/age', me.ticket, {
    birth_date: bornYearsAgo(13),
    guardian_email: guardian,
  });
  expect(answered.code, JSON.stringify(answered)).toBe(0);
  return { ...me, guardian };
}

describe('the age question', () => {
  it('is unknown until answered, and an adult answer needs no guardian', async () => {
    const me = await api.signIn('adult@example.com');
    const creditsBefore = await credits(me.ticket);
    const before = await call('GET', '/prod-api/user/age', me.ticket);
    expect(before.result).toMatchObject({
      age_group: 'unknown',
      consent: 'not_needed',
      can_publish_and_pay: true,
    });
    const answered = await call('POST', '/prod-api/user/age', me.ticket, {
      birth_date: '1990-05-17',
    });
    expect(answered.result).toMatchObject({
      age_group: 'adult',
      birth_date: '1990-05-17',
      consent: 'not_needed',
      can_publish_and_pay: true,
    });
    // An empty profile birthday stays empty (it is the profile's own, with its reward), and no
    // credits move; the answer is given once.
    const profile = await call('GET', '/prod-api/user/profile', me.ticket);
    expect(profile.result.birthday).toBeNull();
    expect(await credits(me.ticket)).toBe(creditsBefore);
    const again = await call('POST', '/prod-api/user/age', me.ticket, { birth_date: '1980-01-01' });
    expect(again.code).toBe(1009);
    // The profile birthday may not tell another age than the answer.
    const moved = await call('PUT', '/prod-api/user/profile', me.ticket, {
      birthday: '1980-01-01',
    });
    expect(moved.code).toBe(1001);
    expect((await call('GET', '/prod-api/user/profile', me.ticket)).result.birthday).toBeNull();
    const same = await call('PUT', '/prod-api/user/profile', me.ticket, { birthday: '1990-05-17' });
    expect(same.result.birthday).toBe('1990-05-17');
  });

  it('corrects a profile birthday that tells another date', async () => {
    const me = await api.signIn('dated@example.com');
    await call('PUT', '/prod-api/user/profile', me.ticket, { birthday: '1991-01-01' });
    await call('POST', '/prod-api/user/age', me.ticket, { birth_date: '1990-05-17' });
    expect((await call('GET', '/prod-api/user/profile', me.ticket)).result.birthday).toBe(
      '1990-05-17',
    );
  });

  it('puts 14 to 17 in the teen group, with no guardian asked', async () => {
    const me = await api.signIn('teen@example.com');
    const answered = await call('POST', '/prod-api/user/age', me.ticket, {
      birth_date: bornYearsAgo(15),
    });
    expect(answered.result).toMatchObject({
      age_group: 'teen',
      consent: 'not_needed',
      can_publish_and_pay: true,
    });
    expect((await publishSomething(me.ticket)).code).not.toBe(3010);
  });

  it("asks a child for a guardian's address that is not their own", async () => {
    const me = await api.signIn('kid-alone@example.com');
    const missing = await call('POST', '/prod-api/user/age', me.ticket, {
      birth_date: bornYearsAgo(12),
    });
    expect(missing.code).toBe(1001);
    expect(missing.result.fields[0].field).toBe('guardian_email');
    const own = await call(
      'POST',
      '/prod-api/user/age',
      me.ticket,
      { birth_date: bornYearsAgo(12), guardian_email: 'KID-ALONE@example.com' },
      { 'accept-language': 'es' },
    );
    expect(own.code).toBe(1001);
    expect(own.msg).toContain('no puede ser el tuyo');
    // Nothing was stored by the refusals.
    expect((await call('GET', '/prod-api/user/age', me.ticket)).result.age_group).toBe('unknown');
  });

  it('refuses bad input with 4xx, never 5xx, and stores nothing', async () => {
    const me = await api.signIn('fuzzy@example.com');
    const bodies: unknown[] = [
      { birth_date: '2010-02-30' },
      { birth_date: '2999-01-01' },
      { birth_date: '1850-01-01' },
      { birth_date: '99999999999999999999-01-01' },
      { birth_date: 20100101 },
      { birth_date: ['2010-01-01'] },
      { birth_date: '2010-01-01\u0000' },
      { birth_date: '\ud800' },
      { birth_date: bornYearsAgo(12), guardian_email: 'a\u0000@example.com' },
      { birth_date: bornYearsAgo(12), guardian_email: '\udc00@example.com' },
      { birth_date: bornYearsAgo(12), guardian_email: 42 },
      { birth_date: bornYearsAgo(30), extra: true },
      null,
      'text',
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/user/age',
        headers: { authorization: `Bearer ${me.ticket}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(res.json().code).toBe(1001);
    }
    for (const token of ['x', 'a'.repeat(5000), '\u0000'.repeat(20), 'ä'.repeat(20)]) {
      const view = await t.app.inject({
        method: 'GET',
        url: `/prod-api/user/guardian-consent?token=${encodeURIComponent(token)}`,
      });
      expect(view.statusCode).toBeLessThan(500);
      expect(view.json().code).not.toBe(0);
    }
    const decide = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token: 'A'.repeat(43),
      decision: 'maybe',
    });
    expect(decide.code).toBe(1001);
    expect((await call('GET', '/prod-api/user/age', me.ticket)).result.age_group).toBe('unknown');
  });
});

describe('guardian consent', () => {
  it('mails the guardian a one-time link whose confirmation opens publishing and paying', async () => {
    const kid = await child('kid-one');
    const status = await call('GET', '/prod-api/user/age', kid.ticket);
    expect(status.result).toMatchObject({
      age_group: 'child',
      consent: 'pending',
      guardian_email: 'pa***@example.org',
      can_publish_and_pay: false,
    });

    // Until the guardian confirms, publishing and every payment path are refused, moving nothing.
    const before = await credits(kid.ticket);
    expect((await publishSomething(kid.ticket)).code).toBe(3010);
    const refusedOrder = await call('POST', '/prod-api/trade/v1/orders', kid.ticket, {
      sku_id: 'credits-1000',
    });
    expect(refusedOrder.code).toBe(3010);
    expect(refusedOrder.msg).toMatch(/guardian/);
    expect((await call('POST', '/prod-api/trade/v1/trial/claim', kid.ticket)).code).toBe(3010);
    expect(
      (await call('POST', '/prod-api/trade/v1/redeem', kid.ticket, { code: 'ABCDEFGH' })).code,
    ).toBe(3010);
    expect(
      (await call('POST', '/prod-api/content/works/1/comments', kid.ticket, { text: 'hi' })).code,
    ).toBe(3010);
    expect(await credits(kid.ticket)).toBe(before);
    expect((await call('GET', '/prod-api/trade/v1/orders', kid.ticket)).result.total ?? 0).toBe(0);

    // The guardian's page names the child; the link confirms once.
    const token = await guardianToken(kid.guardian);
    const view = await call('GET', `/prod-api/user/guardian-consent?token=${token}`);
    expect(view.result).toMatchObject({ nickname: 'kid-one', birth_date: bornYearsAgo(13) });
    const confirmed = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token,
      decision: 'confirm',
    });
    expect(confirmed).toMatchObject({ code: 0, result: { consent: 'granted' } });
    const reused = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token,
      decision: 'decline',
    });
    expect(reused.code).toBe(3011);

    expect((await call('GET', '/prod-api/user/age', kid.ticket)).result).toMatchObject({
      consent: 'granted',
      can_publish_and_pay: true,
    });
    expect((await publishSomething(kid.ticket)).code).not.toBe(3010);
    const order = await call('POST', '/prod-api/trade/v1/orders', kid.ticket, {
      sku_id: 'credits-1000',
    });
    expect(order.code).toBe(0);
  });

  it('keeps the account closed when the guardian declines, and lets another guardian be asked', async () => {
    const kid = await child('kid-two');
    const token = await guardianToken(kid.guardian);
    const declined = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token,
      decision: 'decline',
    });
    expect(declined.result).toEqual({ consent: 'declined' });
    expect((await call('GET', '/prod-api/user/age', kid.ticket)).result).toMatchObject({
      consent: 'declined',
      can_publish_and_pay: false,
    });
    expect((await publishSomething(kid.ticket)).code).toBe(3010);

    // The guardian who said no is not asked again; another one may be, after the wait.
    clock.advance(61_000);
    const same = await call('POST', '/prod-api/user/age/guardian', kid.ticket, {});
    expect(same.code).toBe(1009);
    const other = await call('POST', '/prod-api/user/age/guardian', kid.ticket, {
      guardian_email: 'other-parent@example.org',
    });
    expect(other.result).toMatchObject({ consent: 'pending', guardian_email: 'ot***@example.org' });
    const tooSoon = await call('POST', '/prod-api/user/age/guardian', kid.ticket, {});
    expect(tooSoon.code).toBe(1029);
    const second = await guardianToken('other-parent@example.org');
    expect(
      (
        await call('POST', '/prod-api/user/guardian-consent', undefined, {
          token: second,
          decision: 'confirm',
        })
      ).code,
    ).toBe(0);
    expect((await publishSomething(kid.ticket)).code).not.toBe(3010);
  });

  it('refuses an expired link, and a resent link replaces the earlier one', async () => {
    const kid = await child('kid-three');
    const first = await guardianToken(kid.guardian);
    clock.advance(61_000);
    expect((await call('POST', '/prod-api/user/age/guardian', kid.ticket, {})).code).toBe(0);
    const second = await guardianToken(kid.guardian);
    expect(second).not.toBe(first);
    const old = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token: first,
      decision: 'confirm',
    });
    expect(old.code).toBe(3011);

    clock.advance(8 * 24 * 3600 * 1000);
    const late = await call('POST', '/prod-api/user/guardian-consent', undefined, {
      token: second,
      decision: 'confirm',
    });
    expect(late.code).toBe(3011);
    expect((await call('GET', `/prod-api/user/guardian-consent?token=${second}`)).code).toBe(3011);
    const again = await api.signIn('kid-three@example.com');
    expect((await call('GET', '/prod-api/user/age', again.ticket)).result.consent).toBe('pending');
    // Only a hash of each token is stored.
    const rows = await t.database.db.select().from(guardianLinks);
    expect(rows.every((r) => r.tokenHash !== second)).toBe(true);
  });

  it('refuses paying for an order placed before the answer, but lets it be cancelled', async () => {
    const me = await api.signIn('kid-four@example.com');
    const placed = await call('POST', '/prod-api/trade/v1/orders', me.ticket, {
      sku_id: 'credits-1000',
    });
    expect(placed.code).toBe(0);
    await call('POST', '/prod-api/user/age', me.ticket, {
      birth_date: bornYearsAgo(10),
      guardian_email: 'parent-of-kid-four@example.org',
    });
    const before = await credits(me.ticket);
    const url = `/prod-api/trade/v1/sandbox/checkout/${placed.result.session_id}`;
    expect((await call('POST', url, me.ticket, { outcome: 'pay' })).code).toBe(3010);
    expect(await credits(me.ticket)).toBe(before);
    expect((await call('POST', url, me.ticket, { outcome: 'cancel' })).code).toBe(0);
  });

  it('lifts the block on its own once the child turns 14', async () => {
    const kid = await child('kid-five');
    expect((await publishSomething(kid.ticket)).code).toBe(3010);
    await t.database.db
      .update(userAges)
      .set({ birthDate: '2012-06-01' })
      .where(eq(userAges.userId, kid.id));
    expect((await call('GET', '/prod-api/user/age', kid.ticket)).result).toMatchObject({
      age_group: 'teen',
      can_publish_and_pay: true,
    });
    expect((await publishSomething(kid.ticket)).code).not.toBe(3010);
  });

  it('answers the guardian page in the reader language and never 5xx for unknown tokens', async () => {
    const res = await call(
      'GET',
      `/prod-api/user/guardian-consent?token=${'Z'.repeat(43)}`,
      undefined,
      undefined,
      { 'accept-language': 'zh' },
    );
    expect(res.code).toBe(3011);
    expect(res.msg).toContain('链接');
    expect((res as Json).result).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCaller } from '../../../test/support/api-caller';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { tasks } from './generation.schema';

/**
 * Whether a subscriber's run is paid or relaxed is decided under their credit lock, so runs
 * sent at the same moment never see a balance another one is about to spend. No worker runs
 * here: the tasks stay queued with what they hold.
 */
let t: TestApp;
let api: ReturnType<typeof createApiCaller>;
beforeAll(async () => {
  t = await createTestApp();
  api = createApiCaller(t);
});
afterAll(() => t.close());

/** Signs a user in on `grade` and spends their credits down to exactly `left`. */
async function userWith(email: string, grade: 0 | 2, left: number) {
  const user = await api.signIn(email);
  if (grade > 0) await t.app.services.billing.grantPlan(user.id, grade, 30, 'admin');
  const spend = (await api.credits(user.ticket)) - left;
  if (spend > 0) {
    await t.app.services.ledger.transact(user.id, async (unit) => {
      const { holdId } = await unit.hold({
        amount: spend,
        event: 'txt2img',
        service: 'txt2img',
        idempotencyKey: `spend-down:${email}`,
      });
      await unit.capture(holdId, spend);
    });
  }
  expect(await api.credits(user.ticket)).toBe(left);
  return user;
}

const submitAll = (ticket: string, n: number, extra: object = {}) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      api.call('POST', '/api/gw/v3/image/txt2img/async', ticket, {
        prompt: `a lighthouse ${i}`,
        params: { batch_size: 2 },
        ...extra,
      }),
    ),
  );

async function tasksOf(userId: number) {
  return t.database.db
    .select({ cost: tasks.cost, lane: tasks.lane, holdId: tasks.holdId })
    .from(tasks)
    .where(eq(tasks.userId, userId));
}

describe('relaxed mode under concurrent submits', () => {
  it('runs one paid and the rest relaxed when the balance covers one run', async () => {
    // Plus: 4 image tasks at once; a 2-image run costs 2 and the balance is exactly 2.
    const user = await userWith('plus-racer@example.com', 2, 2);
    const answers = await submitAll(user.ticket, 4);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
    expect(answers.map((a) => a.result.cost).sort()).toEqual([0, 0, 0, 2]);
    expect(await api.credits(user.ticket)).toBe(0);

    const rows = await tasksOf(user.id);
    expect(rows).toHaveLength(4);
    const paid = rows.filter((r) => r.cost > 0);
    const relaxed = rows.filter((r) => r.cost === 0);
    expect(paid).toEqual([{ cost: 2, lane: 2, holdId: expect.any(String) }]);
    // Relaxed runs hold nothing and wait in the lowest lane.
    expect(relaxed).toEqual(Array.from({ length: 3 }, () => ({ cost: 0, lane: 0, holdId: null })));

    // The plan's limit still holds: a fifth run is refused as one too many, not for credits.
    const fifth = await submitAll(user.ticket, 1);
    expect(fifth[0]).toMatchObject({ code: 2010 });
    expect(await api.credits(user.ticket)).toBe(0);
  });

  it('runs them all relaxed when the credits are gone, and paid again once they are back', async () => {
    const user = await userWith('plus-empty@example.com', 2, 0);
    const answers = await submitAll(user.ticket, 2);
    expect(answers.map((a) => [a.code, a.result.cost])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    await t.app.services.ledger.grant({
      userId: user.id,
      amount: 2,
      kind: 'purchased',
      source: 'admin',
      event: 'top-up',
      expiresAt: null,
      idempotencyKey: 'top-up:plus-empty',
    });
    const paid = await submitAll(user.ticket, 1);
    expect(paid[0]).toMatchObject({ code: 0, result: { cost: 2 } });
    expect(await api.credits(user.ticket)).toBe(0);
  });

  it('still refuses what must be paid for: free users and the pro model', async () => {
    const free = await userWith('free-racer@example.com', 0, 2);
    const freeAnswers = await submitAll(free.ticket, 3);
    // A free user runs one task at a time; the others are refused, none runs for nothing.
    expect(freeAnswers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(freeAnswers.every((a) => a.code === 0 || a.code === 2010 || a.code === 2007)).toBe(true);
    expect(await api.credits(free.ticket)).toBe(0);
    expect((await tasksOf(free.id)).map((r) => r.cost)).toEqual([2]);

    const pro = await userWith('pro-model-racer@example.com', 2, 2);
    const proAnswers = await submitAll(pro.ticket, 3, { version: 'professional' });
    const accepted = proAnswers.filter((a) => a.code === 0);
    expect(accepted.map((a) => a.result.cost)).toEqual([2]);
    const refused = proAnswers.filter((a) => a.code !== 0);
    expect(refused).toHaveLength(2);
    for (const answer of refused) {
      expect(answer).toMatchObject({
        code: 2007,
        msg: "Don't have enough points for production, Get Credits!",
      });
    }
    expect(await api.credits(pro.ticket)).toBe(0);
    expect((await tasksOf(pro.id)).map((r) => r.cost)).toEqual([2]);
  });
});

import { randomUUID } from 'node:crypto';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error';
import { createUser } from '../../../test/support/factories';
import { untilWaiting, useQueueDatabase } from '../../../test/support/queue-database';
import { creditAccounts, creditHolds } from '../credits/credits.schema';
import type { SubmissionItem } from './generation.repository';
import { tasks } from './generation.schema';
import { normaliseSubmission } from './task-input';

/**
 * A batch of submissions is one statement (queue_submit, decision 0061): under the users'
 * account locks it replays known request ids, applies the active-task limit, holds each cost
 * from the buckets that expire first and queues the task. Its reads after the locks must see
 * what the locks' last holder committed while it waited.
 */
const day = 24 * 3600_000;
const q = useQueueDatabase(new Date('2026-07-01T08:00:00Z'));

const inDays = (n: number) => new Date(q.clock.now().getTime() + n * day);
const settings = normaliseSubmission(
  'txt2img',
  gatewaySubmitSchema.parse({ prompt: 'a submission', params: {} }),
);

function item(userId: number, patch: Partial<SubmissionItem> = {}): SubmissionItem {
  return {
    id: randomUUID(),
    holdId: randomUUID(),
    userId,
    requestId: randomUUID(),
    taskType: 'txt2img',
    media: 'image',
    engine: 'submit-test',
    settings,
    inputs: { images: [], videos: [], audios: [] },
    isPrivate: false,
    remixOf: null,
    lane: 2,
    maxRunning: 1,
    cost: 0,
    allowed: 10,
    relax: false,
    event: 'txt2img',
    ...patch,
  };
}

const submit = (items: SubmissionItem[]) => q.repository.submitTasks(items, q.clock.now(), null);

function grant(userId: number, amount: number, key: string, expiresAt: Date | null = null) {
  return q.ledger.grant({
    userId,
    amount,
    kind: 'gift',
    source: 'test',
    event: 'test grant',
    expiresAt,
    idempotencyKey: key,
  });
}

async function expectConsistent(userId: number) {
  const balance = await q.credits.balance(userId);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await q.credits.sumEntries(userId)).toBe(balance);
  expect(await q.credits.sumRemaining(userId)).toBe(balance);
}

describe('a batch of submissions', () => {
  it('holds like single holds, expires due buckets, and refuses or relaxes a short one alone', async () => {
    const [a, b, c] = [
      await createUser(q.database.db),
      await createUser(q.database.db),
      await createUser(q.database.db),
    ];
    await grant(a.id, 20, 'a-soon', inDays(1));
    await grant(a.id, 50, 'a-late', inDays(30));
    await grant(b.id, 30, 'b-due', inDays(1));
    await grant(b.id, 10, 'b-never', null);
    q.clock.advance(2 * day);
    const answers = await submit([
      item(a.id, { cost: 15 }),
      // Spans the rest of the first bucket and part of the second: the first one expired.
      item(a.id, { cost: 30 }),
      item(b.id, { cost: 11 }),
      item(c.id, { cost: 1 }),
      item(c.id, { cost: 1, relax: true }),
      item(b.id, { cost: 10 }),
    ]);
    expect(answers.map((a) => a.outcome)).toEqual([
      'queued',
      'queued',
      'no_credits',
      'no_credits',
      'queued',
      'queued',
    ]);
    const relaxed = answers[4]!;
    if (relaxed.outcome !== 'queued') throw new Error('the relaxed run was not queued');
    expect(relaxed.task).toMatchObject({ cost: 0, lane: 0, holdId: null, status: 'queued' });
    expect(await q.ledger.balance(a.id)).toBe(5);
    expect(await q.ledger.balance(b.id)).toBe(0);
    expect(await q.ledger.balance(c.id)).toBe(0);
    for (const user of [a, b, c]) await expectConsistent(user.id);
    const entries = await q.credits.listEntries(a.id, null, 0, 20);
    expect(entries.rows.map((e) => [e.type, e.amount, e.balanceAfter]).reverse()).toEqual([
      ['gift', 20, 20],
      ['gift', 50, 70],
      ['expire', -20, 50],
      ['consumption', -15, 35],
      ['consumption', -30, 5],
    ]);
    // Each paid task names its hold, keyed by the task.
    const first = answers[0]!;
    if (first.outcome !== 'queued') throw new Error('the first run was not queued');
    const [hold] = await q.database.db
      .select()
      .from(creditHolds)
      .where(eq(creditHolds.id, first.task.holdId!));
    expect(hold).toMatchObject({
      amount: 15,
      status: 'held',
      idempotencyKey: `task:${first.task.id}`,
    });
  });

  it('answers a request id seen before with its task, and counts the tasks before it against the limit', async () => {
    const user = await createUser(q.database.db);
    await grant(user.id, 100, 'g');
    const first = item(user.id, { cost: 4, allowed: 2 });
    const [queued] = await submit([first]);
    const answers = await submit([
      // The same request again, in the same batch twice, and a new one: one more fits.
      { ...first, id: randomUUID(), holdId: randomUUID() },
      item(user.id, { cost: 4, allowed: 2, requestId: 'second' }),
      item(user.id, { cost: 4, allowed: 2, requestId: 'second' }),
      item(user.id, { cost: 4, allowed: 2 }),
    ]);
    expect(answers.map((a) => a.outcome)).toEqual(['replayed', 'queued', 'replayed', 'too_many']);
    if (queued?.outcome !== 'queued' || answers[0]?.outcome !== 'replayed') throw new Error();
    expect(answers[0].task.id).toBe(queued.task.id);
    expect(answers[1]).toMatchObject({ task: { requestId: 'second' } });
    expect(answers[2]).toMatchObject({ task: { requestId: 'second' } });
    // Two holds of 4, nothing for the refused or replayed ones.
    expect(await q.ledger.balance(user.id)).toBe(92);
    await expectConsistent(user.id);
  });

  it('answers each task’s place in the queue as the claim ranks it', async () => {
    const [a, b] = [await createUser(q.database.db), await createUser(q.database.db)];
    const engine = `rank-${randomUUID()}`;
    await q.database.db
      .update(tasks)
      .set({ status: 'cancelled' })
      .where(eq(tasks.status, 'queued'));
    const answers = await submit([
      item(a.id, { engine, lane: 1 }),
      item(b.id, { engine, lane: 3 }),
      item(a.id, { engine, lane: 2 }),
    ]);
    expect(answers.map((a) => (a.outcome === 'queued' ? a.position : -1))).toEqual([3, 1, 2]);
  });

  it('concurrent batches and single holds of the same users stay exact', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(q.database.db)));
    for (const [i, u] of users.entries()) await grant(u.id, 40, `pool-${i}`, inDays(3 + i));
    let held = 0;
    const batches = Array.from({ length: 12 }, async () => {
      const answers = await submit(
        users.map((u) => item(u.id, { cost: 3, allowed: 1000 })).reverse(),
      );
      for (const answer of answers) if (answer.outcome === 'queued') held += answer.task.cost;
    });
    const singles = users.flatMap((u) =>
      Array.from({ length: 5 }, (_, n) =>
        q.ledger
          .hold({
            userId: u.id,
            amount: 2,
            event: 'txt2img',
            service: 'txt2img',
            idempotencyKey: `single-${n}`,
          })
          .then(
            () => (held += 2),
            (err: unknown) => {
              if ((err as AppError).code !== 2007) throw err;
            },
          ),
      ),
    );
    await Promise.all([...batches, ...singles]);
    let left = 0;
    for (const u of users) {
      await expectConsistent(u.id);
      left += await q.ledger.balance(u.id);
    }
    expect(left + held).toBe(6 * 40);
  }, 60_000);
});

describe('a submission waiting on its user’s account lock', () => {
  it('sees the balance and the request ids that the lock’s holder committed', async () => {
    const user = await createUser(q.database.db);
    await grant(user.id, 10, 'g');
    let waiting: ReturnType<typeof submit> | undefined;
    // Another node's submission holds the account lock: it spends 8 of the 10 and queues a
    // task with the request id "twin". Ours waits for the lock meanwhile.
    await q.database.db.transaction(async (tx) => {
      await tx
        .select()
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, user.id))
        .for('update');
      waiting = submit([item(user.id, { cost: 5 }), item(user.id, { cost: 0, requestId: 'twin' })]);
      await untilWaiting(q, 'queue_submit', 1);
      await tx.execute(
        sql`select ledger_hold(${user.id}::bigint, ${randomUUID()}::uuid, 8, 'txt2img', 'txt2img', 'other-node', ${q.clock.now()}::timestamptz)`,
      );
      await tx.insert(tasks).values({
        id: randomUUID(),
        userId: user.id,
        taskType: 'txt2img',
        media: 'image',
        engine: 'submit-test',
        status: 'queued',
        settings,
        inputs: { images: [], videos: [], audios: [] },
        lane: 2,
        maxRunning: 1,
        cost: 0,
        requestId: 'twin',
        createdAt: q.clock.now(),
        updatedAt: q.clock.now(),
      });
    });
    const answers = await waiting!;
    // A snapshot from before the lock would have seen 10 credits and no "twin".
    expect(answers.map((a) => a.outcome)).toEqual(['no_credits', 'replayed']);
    expect(await q.ledger.balance(user.id)).toBe(2);
    await expectConsistent(user.id);
    const twins = await q.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.requestId, 'twin')))
      .orderBy(asc(tasks.createdAt));
    expect(twins).toHaveLength(1);
  });
});

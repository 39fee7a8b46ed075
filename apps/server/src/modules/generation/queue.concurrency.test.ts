import { randomUUID } from 'node:crypto';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test/support/factories';
import { untilWaiting, useQueueDatabase } from '../../../test/support/queue-database';
import { creditAccounts, creditBuckets, creditEntries } from '../credits/credits.schema';
import { tasks } from './generation.schema';
import { normaliseSubmission } from './task-input';

/**
 * The claim and the task end are one statement each (decision 0041). Their reads after a lock
 * must see what the lock's last holder committed while they waited: these tests make a
 * statement wait on the lock while another transaction commits, and fail if the read came
 * from a snapshot taken before the lock was granted.
 */
const day = 24 * 3600_000;
const q = useQueueDatabase(new Date('2026-06-01T08:00:00Z'));

const settings = normaliseSubmission(
  'txt2img',
  gatewaySubmitSchema.parse({ prompt: 'a race', params: {} }),
);

async function insertTask(
  userId: number,
  engine: string,
  patch: Partial<typeof tasks.$inferInsert> = {},
) {
  const now = q.clock.now();
  const [row] = await q.repository.insertTasks(q.database.db, [
    {
      id: randomUUID(),
      userId,
      taskType: 'txt2img',
      media: 'image',
      engine,
      status: 'queued',
      settings,
      inputs: { images: [], videos: [], audios: [] },
      lane: 0,
      maxRunning: 1,
      cost: 0,
      requestId: randomUUID(),
      createdAt: now,
      updatedAt: now,
      ...patch,
    },
  ]);
  return row!;
}

describe('a claim waiting on a user’s claim lock', () => {
  it('counts the tasks that the lock’s holder started, and keeps the user under their limit', async () => {
    const user = await createUser(q.database.db);
    const first = await insertTask(user.id, 'race-limit');
    const second = await insertTask(user.id, 'race-limit');
    let claim: Promise<unknown> | undefined;
    // Another node's claim: it started the first task and holds the user's lock until it
    // commits. Ours finds the second task queued, then waits for the lock.
    await q.database.db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ status: 'generating', leaseOwner: 'other-node', attempts: 1 })
        .where(eq(tasks.id, first.id));
      await tx.execute(sql`select pg_advisory_xact_lock(7304118, ${user.id}::int)`);
      claim = q.repository.claim(
        { engines: ['race-limit'], taskTypes: null, workerIds: ['ours'], leaseMs: 60_000 },
        q.clock.now(),
      );
      await untilWaiting(q, 'queue_claim', 1);
    });
    expect(await claim).toEqual([undefined]);
    const running = await q.database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.status, 'generating')));
    expect(running).toEqual([{ id: first.id }]);
    expect((await q.repository.findTask(q.database.db, second.id))?.status).toBe('queued');
  });
});

describe('two ends of one user’s tasks at once', () => {
  it('expire a due bucket once and refund each hold once: the ledger stays exact', async () => {
    const user = await createUser(q.database.db);
    const grant = (amount: number, key: string, expiresAt: Date | null) =>
      q.ledger.grant({
        userId: user.id,
        amount,
        kind: 'gift',
        source: 'test',
        event: 'test grant',
        expiresAt,
        idempotencyKey: key,
      });
    await grant(15, 'soon', new Date(q.clock.now().getTime() + day));
    await grant(10, 'never', null);
    // Each hold takes 5 from "soon" (it expires first), which keeps 5 more.
    const holds = await Promise.all(
      ['a', 'b'].map((k) =>
        q.ledger.hold({
          userId: user.id,
          amount: 5,
          event: 'txt2img',
          service: 'txt2img',
          idempotencyKey: `race-${k}`,
        }),
      ),
    );
    const running = await Promise.all(
      holds.map((h, i) =>
        insertTask(user.id, 'race-end', {
          status: 'generating',
          leaseOwner: `worker-${i}`,
          holdId: h.holdId,
          cost: 5,
          attempts: 1,
        }),
      ),
    );
    // "soon" is due now: its 5 unspent credits expire with the first credit mutation.
    q.clock.advance(2 * day);
    const end = (i: number) =>
      q.repository.endTasks(
        [
          {
            id: running[i]!.id,
            owner: `worker-${i}`,
            status: 'failed',
            captured: 0,
            errorMessage: 'engine failed',
            failure: 'failed',
          },
        ],
        [],
        [],
        q.clock.now(),
        null,
      );
    let ends: Promise<unknown[][]> | undefined;
    // Both ends (two nodes) wait on the account lock while a third holder commits; then one
    // waits for the other.
    await q.database.db.transaction(async (tx) => {
      await tx
        .select()
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, user.id))
        .for('update');
      ends = Promise.all([end(0), end(1)]);
      await untilWaiting(q, 'queue_end_tasks', 2);
    });
    const ended = await ends!;
    expect(ended.map((rows) => rows.length)).toEqual([1, 1]);

    const buckets = await q.database.db
      .select()
      .from(creditBuckets)
      .where(eq(creditBuckets.userId, user.id));
    for (const bucket of buckets) expect(bucket.remaining).toBeGreaterThanOrEqual(0);
    const balance = await q.credits.balance(user.id);
    expect(balance).toBe(10);
    expect(await q.credits.sumEntries(user.id)).toBe(balance);
    expect(await q.credits.sumRemaining(user.id)).toBe(balance);
    // The due 5 expired once; each refund of 5 went back to "soon" and expired again.
    const entries = await q.database.db
      .select({ type: creditEntries.type, amount: creditEntries.amount })
      .from(creditEntries)
      .where(and(eq(creditEntries.userId, user.id), sql`${creditEntries.type} <> 'gift'`));
    const tally = (type: string) =>
      entries
        .filter((e) => e.type === type)
        .map((e) => e.amount)
        .sort();
    expect(tally('refund')).toEqual([5, 5]);
    expect(tally('expire')).toEqual([-5, -5, -5]);
  });
});

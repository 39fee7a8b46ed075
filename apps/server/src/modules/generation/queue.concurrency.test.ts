import { randomUUID } from 'node:crypto';
import { gatewaySubmitSchema } from '@lumen/contracts/tasks';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { ManualClock } from '../../lib/clock';
import { createUser } from '../../../test/support/factories';
import { createTestDatabase } from '../../../test/support/test-database';
import { createCreditsRepository } from '../credits/credits.repository';
import { creditAccounts, creditBuckets, creditEntries } from '../credits/credits.schema';
import { createLedgerService } from '../credits/ledger.service';
import { createGenerationRepository } from './generation.repository';
import { tasks } from './generation.schema';
import { normaliseSubmission } from './task-input';

/**
 * The claim and the task end are one statement each (decision 0041). Their reads after a lock
 * must see what the lock's last holder committed while they waited: these tests make a
 * statement wait on the lock while another transaction commits, and fail if the read came
 * from a snapshot taken before the lock was granted.
 */
const day = 24 * 3600_000;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let database: DatabaseHandle;
let repository: ReturnType<typeof createGenerationRepository>;
let credits: ReturnType<typeof createCreditsRepository>;
let ledger: ReturnType<typeof createLedgerService>;

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createGenerationRepository(database.db, clock);
  credits = createCreditsRepository(database.db, clock);
  ledger = createLedgerService({ repository: credits, clock });
});
afterAll(() => database.close());

const settings = normaliseSubmission(
  'txt2img',
  gatewaySubmitSchema.parse({ prompt: 'a race', params: {} }),
);

async function insertTask(
  userId: number,
  engine: string,
  patch: Partial<typeof tasks.$inferInsert> = {},
) {
  const now = clock.now();
  const [row] = await repository.insertTasks(database.db, [
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

/** Waits until `n` statements whose text contains `marker` wait on a lock. */
async function untilWaiting(marker: string, n: number) {
  for (let i = 0; i < 500; i++) {
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like ${`%${marker}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no statement with ${marker} came to wait on a lock`);
}

describe('a claim waiting on a user’s claim lock', () => {
  it('counts the tasks that the lock’s holder started, and keeps the user under their limit', async () => {
    const user = await createUser(database.db);
    const first = await insertTask(user.id, 'race-limit');
    const second = await insertTask(user.id, 'race-limit');
    let claim: Promise<unknown> | undefined;
    // Another node's claim: it started the first task and holds the user's lock until it
    // commits. Ours finds the second task queued, then waits for the lock.
    await database.db.transaction(async (tx) => {
      await tx
        .update(tasks)
        .set({ status: 'generating', leaseOwner: 'other-node', attempts: 1 })
        .where(eq(tasks.id, first.id));
      await tx.execute(sql`select pg_advisory_xact_lock(7304118, ${user.id}::int)`);
      claim = repository.claim(
        { engines: ['race-limit'], taskTypes: null, workerIds: ['ours'], leaseMs: 60_000 },
        clock.now(),
      );
      await untilWaiting('queue_claim', 1);
    });
    expect(await claim).toEqual([undefined]);
    const running = await database.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), eq(tasks.status, 'generating')));
    expect(running).toEqual([{ id: first.id }]);
    expect((await repository.findTask(database.db, second.id))?.status).toBe('queued');
  });
});

describe('two ends of one user’s tasks at once', () => {
  it('expire a due bucket once and refund each hold once: the ledger stays exact', async () => {
    const user = await createUser(database.db);
    const grant = (amount: number, key: string, expiresAt: Date | null) =>
      ledger.grant({
        userId: user.id,
        amount,
        kind: 'gift',
        source: 'test',
        event: 'test grant',
        expiresAt,
        idempotencyKey: key,
      });
    await grant(15, 'soon', new Date(clock.now().getTime() + day));
    await grant(10, 'never', null);
    // Each hold takes 5 from "soon" (it expires first), which keeps 5 more.
    const holds = await Promise.all(
      ['a', 'b'].map((k) =>
        ledger.hold({
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
    clock.advance(2 * day);
    const end = (i: number) =>
      repository.endTasks(
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
        clock.now(),
        null,
      );
    let ends: Promise<unknown[][]> | undefined;
    // Both ends (two nodes) wait on the account lock while a third holder commits; then one
    // waits for the other.
    await database.db.transaction(async (tx) => {
      await tx
        .select()
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, user.id))
        .for('update');
      ends = Promise.all([end(0), end(1)]);
      await untilWaiting('queue_end_tasks', 2);
    });
    const ended = await ends!;
    expect(ended.map((rows) => rows.length)).toEqual([1, 1]);

    const buckets = await database.db
      .select()
      .from(creditBuckets)
      .where(eq(creditBuckets.userId, user.id));
    for (const bucket of buckets) expect(bucket.remaining).toBeGreaterThanOrEqual(0);
    const balance = await credits.balance(user.id);
    expect(balance).toBe(10);
    expect(await credits.sumEntries(user.id)).toBe(balance);
    expect(await credits.sumRemaining(user.id)).toBe(balance);
    // The due 5 expired once; each refund of 5 went back to "soon" and expired again.
    const entries = await database.db
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

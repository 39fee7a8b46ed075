import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/database';
import {
  creditAccounts,
  creditBuckets,
  creditEntries,
  creditHoldAllocations,
  creditHolds,
  type CreditBucketRow,
  type CreditEntryRow,
  type CreditHoldRow,
} from './credits.schema';

type Tx = Transaction;

/** Buckets of a user with credits left that have not expired at `now`. */
const liveCondition = (userId: number, now: Date) =>
  and(
    eq(creditBuckets.userId, userId),
    gt(creditBuckets.remaining, 0),
    or(isNull(creditBuckets.expiresAt), gt(creditBuckets.expiresAt, now)),
  );

/** Buckets with credits left whose expiry has passed: what the next sweep clears. */
const dueCondition = (now: Date) =>
  and(
    gt(creditBuckets.remaining, 0),
    isNotNull(creditBuckets.expiresAt),
    lte(creditBuckets.expiresAt, now),
  );

/** Spendable buckets, the one expiring first first; never-expiring ones last. */
function selectLiveBuckets(ex: Executor, userId: number, now: Date): Promise<CreditBucketRow[]> {
  return ex
    .select()
    .from(creditBuckets)
    .where(liveCondition(userId, now))
    .orderBy(sql`${creditBuckets.expiresAt} asc nulls last`, asc(creditBuckets.id));
}
type NewEntry = typeof creditEntries.$inferInsert;

/** The queries a credit mutation runs while it holds the user's account row lock. */
function lockedOps(tx: Tx, userId: number) {
  return {
    async findEntryByKey(key: string): Promise<CreditEntryRow | undefined> {
      const [row] = await tx
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.userId, userId), eq(creditEntries.idempotencyKey, key)));
      return row;
    },
    async findHoldByKey(key: string): Promise<CreditHoldRow | undefined> {
      const [row] = await tx
        .select()
        .from(creditHolds)
        .where(and(eq(creditHolds.userId, userId), eq(creditHolds.idempotencyKey, key)));
      return row;
    },
    async findHold(holdId: string): Promise<CreditHoldRow | undefined> {
      const [row] = await tx
        .select()
        .from(creditHolds)
        .where(and(eq(creditHolds.id, holdId), eq(creditHolds.userId, userId)));
      return row;
    },
    liveBuckets: (now: Date) => selectLiveBuckets(tx, userId, now),
    dueBuckets(now: Date): Promise<CreditBucketRow[]> {
      return tx
        .select()
        .from(creditBuckets)
        .where(and(eq(creditBuckets.userId, userId), dueCondition(now)))
        .orderBy(asc(creditBuckets.id));
    },
    async insertBucket(row: typeof creditBuckets.$inferInsert): Promise<CreditBucketRow> {
      const [created] = await tx.insert(creditBuckets).values(row).returning();
      if (!created) throw new Error('bucket insert returned nothing');
      return created;
    },
    async addToBucket(bucketId: number, delta: number): Promise<void> {
      await tx
        .update(creditBuckets)
        .set({ remaining: sql`${creditBuckets.remaining} + ${delta}` })
        .where(eq(creditBuckets.id, bucketId));
    },
    async findBuckets(ids: number[]): Promise<CreditBucketRow[]> {
      if (ids.length === 0) return [];
      return tx.select().from(creditBuckets).where(inArray(creditBuckets.id, ids));
    },
    async insertEntry(row: Omit<NewEntry, 'userId'>): Promise<CreditEntryRow> {
      const [created] = await tx
        .insert(creditEntries)
        .values({ ...row, userId })
        .returning();
      if (!created) throw new Error('entry insert returned nothing');
      return created;
    },
    async insertHold(row: typeof creditHolds.$inferInsert): Promise<void> {
      await tx.insert(creditHolds).values(row);
    },
    async updateHold(holdId: string, patch: Partial<typeof creditHolds.$inferInsert>) {
      await tx.update(creditHolds).set(patch).where(eq(creditHolds.id, holdId));
    },
    async insertAllocations(rows: (typeof creditHoldAllocations.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await tx.insert(creditHoldAllocations).values(rows);
    },
    holdAllocations(holdId: string) {
      return tx
        .select()
        .from(creditHoldAllocations)
        .where(eq(creditHoldAllocations.holdId, holdId));
    },
    async addReturned(holdId: string, bucketId: number, delta: number): Promise<void> {
      await tx
        .update(creditHoldAllocations)
        .set({ returned: sql`${creditHoldAllocations.returned} + ${delta}` })
        .where(
          and(
            eq(creditHoldAllocations.holdId, holdId),
            eq(creditHoldAllocations.bucketId, bucketId),
          ),
        );
    },
    async balance(): Promise<number> {
      const [row] = await tx.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
      return row?.balance ?? 0;
    },
    async setBalance(balance: number, now: Date): Promise<void> {
      await tx
        .update(creditAccounts)
        .set({ balance, updatedAt: now })
        .where(eq(creditAccounts.userId, userId));
    },
  };
}

export type LockedCreditOps = ReturnType<typeof lockedOps>;

export function createCreditsRepository(db: Database) {
  return {
    /**
     * Runs `fn` in a transaction holding the user's account row lock, so concurrent credit
     * mutations of one user run one after another and see each other's effects.
     */
    async withAccountLock<T>(
      userId: number,
      now: Date,
      fn: (ops: LockedCreditOps, tx: Transaction) => Promise<T>,
    ) {
      return db.transaction(async (tx) => {
        await tx
          .insert(creditAccounts)
          .values({ userId, balance: 0, updatedAt: now })
          .onConflictDoNothing();
        await tx
          .select({ userId: creditAccounts.userId })
          .from(creditAccounts)
          .where(eq(creditAccounts.userId, userId))
          .for('update');
        return fn(lockedOps(tx, userId), tx);
      });
    },

    async balance(userId: number): Promise<number> {
      const [row] = await db
        .select({ balance: creditAccounts.balance })
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, userId));
      return row?.balance ?? 0;
    },
    async hasDueBuckets(userId: number, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(creditBuckets)
        .where(and(eq(creditBuckets.userId, userId), dueCondition(now)));
      return (row?.n ?? 0) > 0;
    },
    async usersWithDueBuckets(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: creditBuckets.userId })
        .from(creditBuckets)
        .where(dueCondition(now))
        .limit(limit);
      return rows.map((r) => r.userId);
    },
    liveBuckets: (userId: number, now: Date) => selectLiveBuckets(db, userId, now),
    async listEntries(userId: number, types: string[] | null, offset: number, limit: number) {
      const where = types
        ? and(eq(creditEntries.userId, userId), inArray(creditEntries.type, types))
        : eq(creditEntries.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(creditEntries)
          .where(where)
          .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(creditEntries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Settled or running holds per service: how many today and of all time. */
    async countHoldsByService(userId: number, since: Date) {
      const rows = await db
        .select({
          service: creditHolds.service,
          total: count(),
          today: sql<string>`count(*) filter (where ${creditHolds.createdAt} >= ${since})`,
        })
        .from(creditHolds)
        .where(and(eq(creditHolds.userId, userId), sql`${creditHolds.status} <> 'released'`))
        .groupBy(creditHolds.service);
      return rows.map((r) => ({ service: r.service, total: r.total, today: Number(r.today) }));
    },
    async sumEntries(userId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${creditEntries.amount}), 0)` })
        .from(creditEntries)
        .where(eq(creditEntries.userId, userId));
      return Number(row?.sum ?? 0);
    },
    async sumRemaining(userId: number): Promise<number> {
      const [row] = await db
        .select({ sum: sql<string>`coalesce(sum(${creditBuckets.remaining}), 0)` })
        .from(creditBuckets)
        .where(eq(creditBuckets.userId, userId));
      return Number(row?.sum ?? 0);
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;

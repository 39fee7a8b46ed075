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
  type SQL,
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

/** One statement that moves several buckets' remaining credits by their deltas. */
function bucketsUpdate(changes: { bucketId: number; delta: number }[]): SQL {
  const values = sql.join(
    changes.map((c) => sql`(${c.bucketId}::bigint, ${c.delta}::integer)`),
    sql`, `,
  );
  return sql`update ${creditBuckets} set remaining = ${creditBuckets}.remaining + v.delta from (values ${values}) as v(id, delta) where ${creditBuckets}.id = v.id`;
}

/**
 * The queries a credit mutation runs while it holds the user's account row lock. The balance
 * read with the lock is kept here: nothing else can change the row until the transaction
 * ends, so `balance()` needs no query and `setBalance` writes only a change.
 */
function lockedOps(tx: Tx, userId: number, lockedBalance: number) {
  let balance = lockedBalance;
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
    /** Every bucket with credits left, expired or not, in spending order (see selectLiveBuckets). */
    bucketsWithCredits(): Promise<CreditBucketRow[]> {
      return tx
        .select()
        .from(creditBuckets)
        .where(and(eq(creditBuckets.userId, userId), gt(creditBuckets.remaining, 0)))
        .orderBy(sql`${creditBuckets.expiresAt} asc nulls last`, asc(creditBuckets.id));
    },
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
    /** Moves several buckets' remaining credits in one statement. */
    async addToBuckets(changes: { bucketId: number; delta: number }[]): Promise<void> {
      if (changes.length > 0) await tx.execute(bucketsUpdate(changes));
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
    /** Several entries in one statement (a hold or an expiry touching several buckets). */
    async insertEntries(rows: Omit<NewEntry, 'userId'>[]): Promise<void> {
      if (rows.length > 0)
        await tx.insert(creditEntries).values(rows.map((r) => ({ ...r, userId })));
    },
    async updateHold(holdId: string, patch: Partial<typeof creditHolds.$inferInsert>) {
      await tx.update(creditHolds).set(patch).where(eq(creditHolds.id, holdId));
    },
    /**
     * A hold's rows in one statement: the hold, the buckets it spends, their consumption
     * entries and allocations, and the new balance, as sibling data-modifying CTEs (the
     * allocations' foreign key to the hold is checked when the whole statement ends).
     */
    async writeHold(parts: {
      hold: typeof creditHolds.$inferInsert;
      spend: { bucketId: number; delta: number }[];
      entries: Omit<NewEntry, 'userId'>[];
      allocations: (typeof creditHoldAllocations.$inferInsert)[];
      balance: number;
      now: Date;
    }): Promise<void> {
      const steps: SQL[] = [tx.insert(creditHolds).values(parts.hold).getSQL()];
      if (parts.spend.length > 0) steps.push(bucketsUpdate(parts.spend));
      if (parts.entries.length > 0) {
        const rows = parts.entries.map((e) => ({ ...e, userId }));
        steps.push(tx.insert(creditEntries).values(rows).getSQL());
      }
      if (parts.allocations.length > 0) {
        steps.push(tx.insert(creditHoldAllocations).values(parts.allocations).getSQL());
      }
      const ctes = sql.join(
        steps.map((step, i) => sql`${sql.raw(`step${i}`)} as (${step})`),
        sql`, `,
      );
      const setBalance = tx
        .update(creditAccounts)
        .set({ balance: parts.balance, updatedAt: parts.now })
        .where(eq(creditAccounts.userId, userId));
      await tx.execute(sql`with ${ctes} ${setBalance.getSQL()}`);
      balance = parts.balance;
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
      return balance;
    },
    async setBalance(next: number, now: Date): Promise<void> {
      if (next === balance) return;
      await tx
        .update(creditAccounts)
        .set({ balance: next, updatedAt: now })
        .where(eq(creditAccounts.userId, userId));
      balance = next;
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
        const lock = () =>
          tx
            .select({ balance: creditAccounts.balance })
            .from(creditAccounts)
            .where(eq(creditAccounts.userId, userId))
            .for('update');
        let [account] = await lock();
        if (!account) {
          // First credit mutation of this user: make the row (a racing twin may make it first).
          await tx
            .insert(creditAccounts)
            .values({ userId, balance: 0, updatedAt: now })
            .onConflictDoNothing();
          [account] = await lock();
        }
        return fn(lockedOps(tx, userId, account?.balance ?? 0), tx);
      });
    },

    async balance(userId: number): Promise<number> {
      const [row] = await db
        .select({ balance: creditAccounts.balance })
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, userId));
      return row?.balance ?? 0;
    },
    /** The stored balance and whether any bucket is due to expire, in one query. */
    async balanceAndDue(userId: number, now: Date): Promise<{ balance: number; due: boolean }> {
      const [row] = await db
        .select({
          balance: creditAccounts.balance,
          due: sql<boolean>`exists (select 1 from ${creditBuckets} where ${and(eq(creditBuckets.userId, userId), dueCondition(now))})`,
        })
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, userId));
      // Buckets are only made under the account row's lock, so no row means no buckets.
      return { balance: row?.balance ?? 0, due: Boolean(row?.due) };
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

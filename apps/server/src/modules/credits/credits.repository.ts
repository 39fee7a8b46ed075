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
import type { Clock } from '../../lib/clock';
import { createBatchLoader } from '../../lib/coalesce';
import {
  creditAccounts,
  creditBuckets,
  creditEntries,
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

/** One hold's settlement as the database's `ledger_settle` answers it. */
export type SettledHold = {
  holdId: string;
  captured: number;
  released: number;
  replayed: boolean;
  /** The user's balance once this hold was settled. */
  balance: number;
};

/**
 * Settles holds in one statement (see LedgerService's settleLocked): the users' account locks
 * are taken inside it unless the caller holds them already.
 */
async function settleHoldsIn(
  ex: Executor,
  items: { userId: number; holdId: string; delivered: number }[],
  now: Date,
): Promise<SettledHold[]> {
  const users = items.map((i) => i.userId);
  const { rows } = (await ex.execute(
    sql`select * from ledger_settle(${sql.param(users)}::bigint[], ${sql.param(users)}::bigint[], ${sql.param(items.map((i) => i.holdId))}::uuid[], ${sql.param(items.map((i) => i.delivered))}::integer[], ${now}::timestamptz)`,
  )) as unknown as {
    rows: {
      settled_hold: string;
      settled_captured: number;
      settled_released: number;
      settled_replayed: boolean;
      balance_after: number;
    }[];
  };
  return rows.map((r) => ({
    holdId: r.settled_hold,
    captured: r.settled_captured,
    released: r.settled_released,
    replayed: r.settled_replayed,
    balance: r.balance_after,
  }));
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
    /**
     * Expires the user's due buckets in one statement (the database's `ledger_expire_due`, which
     * holds and submissions run too); answers the balance after.
     */
    async expireDue(now: Date): Promise<number> {
      const { rows } = (await tx.execute(
        sql`select ledger_expire_due(${userId}::bigint, ${now}::timestamptz) as balance`,
      )) as unknown as { rows: { balance: number }[] };
      balance = Number(rows[0]?.balance ?? balance);
      return balance;
    },
    async insertBucket(row: typeof creditBuckets.$inferInsert): Promise<CreditBucketRow> {
      const [created] = await tx.insert(creditBuckets).values(row).returning();
      if (!created) throw new Error('bucket insert returned nothing');
      return created;
    },
    async insertEntry(row: Omit<NewEntry, 'userId'>): Promise<CreditEntryRow> {
      const [created] = await tx
        .insert(creditEntries)
        .values({ ...row, userId })
        .returning();
      if (!created) throw new Error('entry insert returned nothing');
      return created;
    },
    /**
     * Sets credits aside in one statement (the database's `ledger_hold`, which every submission
     * runs too): due buckets expire, then the amount is taken from the buckets that expire
     * first. Answers the balance after, or undefined when it cannot cover the amount (nothing
     * is then written).
     */
    async hold(input: {
      holdId: string;
      amount: number;
      event: string;
      service: string | null;
      idempotencyKey: string;
      now: Date;
    }): Promise<number | undefined> {
      const { rows } = (await tx.execute(
        sql`select ledger_hold(${userId}::bigint, ${input.holdId}::uuid, ${input.amount}::integer, ${input.event}::text, ${input.service}::text, ${input.idempotencyKey}::text, ${input.now}::timestamptz) as balance`,
      )) as unknown as { rows: { balance: number | null }[] };
      const after = rows[0]?.balance;
      if (after === null || after === undefined) return undefined;
      balance = after;
      return after;
    },
    /** Settles one of the user's holds (see settleHoldsIn); undefined when it is not theirs. */
    async settle(holdId: string, delivered: number, now: Date) {
      const [settled] = await settleHoldsIn(tx, [{ userId, holdId, delivered }], now);
      if (!settled) return undefined;
      balance = settled.balance;
      return { captured: settled.captured, released: settled.released, replayed: settled.replayed };
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

export function createCreditsRepository(db: Database, clock: Clock) {
  /** Every quote and gated request reads the balance: concurrent reads share one query. */
  const balances = createBatchLoader(async (userIds: number[]) => {
    const now = clock.now();
    const rows = await db
      .select({
        userId: creditAccounts.userId,
        balance: creditAccounts.balance,
        due: sql<boolean>`exists (select 1 from ${creditBuckets} where ${and(eq(creditBuckets.userId, creditAccounts.userId), dueCondition(now))})`,
      })
      .from(creditAccounts)
      .where(inArray(creditAccounts.userId, userIds));
    return new Map(rows.map((r) => [r.userId, { balance: r.balance, due: Boolean(r.due) }]));
  });

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

    /** Settles holds of several users in one statement (see settleHoldsIn). */
    settleHolds: (items: { userId: number; holdId: string; delivered: number }[], now: Date) =>
      settleHoldsIn(db, items, now),
    async balance(userId: number): Promise<number> {
      const [row] = await db
        .select({ balance: creditAccounts.balance })
        .from(creditAccounts)
        .where(eq(creditAccounts.userId, userId));
      return row?.balance ?? 0;
    },
    /** The stored balances of many users in one query on the account rows (no ledger sums). */
    async balancesOf(userIds: number[]): Promise<Map<number, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: creditAccounts.userId, balance: creditAccounts.balance })
        .from(creditAccounts)
        .where(inArray(creditAccounts.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r.balance]));
    },
    /** The stored balance and whether any bucket is due to expire, in one query. */
    async balanceAndDue(userId: number): Promise<{ balance: number; due: boolean }> {
      // Buckets are only made under the account row's lock, so no row means no buckets.
      return (await balances.load(userId)) ?? { balance: 0, due: false };
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

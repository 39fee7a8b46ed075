import { randomUUID } from 'node:crypto';
import type { CreditKind } from '@lumen/contracts/credits';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Transaction } from '../../db/database';
import type { CreditsRepository, LockedCreditOps } from './credits.repository';

export type GrantInput = {
  userId: number;
  amount: number;
  kind: CreditKind;
  /** What the grant is for: 'daily_login', 'admin', 'birthday', 'subscription', … */
  source: string;
  /** What the bill shows. */
  event: string;
  expiresAt: Date | null;
  idempotencyKey: string;
};

export type HoldInput = {
  userId: number;
  amount: number;
  event: string;
  service: string | null;
  idempotencyKey: string;
  /**
   * The key was made for this hold just now (from a new row's id), so no earlier hold can
   * carry it and the replay lookup is skipped; the unique index on the key still guards.
   */
  fresh?: boolean;
};

export type SettleResult = { captured: number; released: number; replayed: boolean };

/** What a unit of work may do with the user's credits inside its transaction. */
export type LedgerUnit = {
  tx: Transaction;
  hold(input: Omit<HoldInput, 'userId'>): Promise<HoldResult>;
  /** A grant that commits with the unit's other rows (a paid order and its credits). */
  grant(input: Omit<GrantInput, 'userId'>): Promise<GrantResult>;
  capture(holdId: string, delivered: number): Promise<SettleResult>;
  release(holdId: string): Promise<SettleResult>;
};

export type HoldResult = { holdId: string; amount: number; balance: number; replayed: boolean };
export type GrantResult = { balance: number; replayed: boolean };

/**
 * The credit ledger (architecture decision 3): grants into buckets, holds taken from the
 * bucket that expires first, captured or released on settlement, expiry applied lazily on
 * every mutation and by a scheduled sweep. Every mutation runs under the user's account row
 * lock and is idempotent on its key, so the balance never goes below zero and always equals
 * the sum of the ledger entries.
 */
export function createLedgerService(deps: { repository: CreditsRepository; clock: Clock }) {
  const { repository, clock } = deps;

  async function holdLocked(
    ops: LockedCreditOps,
    input: HoldInput,
    now: Date,
  ): Promise<HoldResult> {
    const existing = input.fresh ? undefined : await ops.findHoldByKey(input.idempotencyKey);
    if (existing) {
      return {
        holdId: existing.id,
        amount: existing.amount,
        balance: await ops.balance(),
        replayed: true,
      };
    }
    // Due buckets expire and the amount is spent in the database (ledger_hold), where every
    // submission's hold is taken too: the spending order exists once.
    const holdId = randomUUID();
    const balance = await ops.hold({ ...input, holdId, now });
    if (balance === undefined) throw new AppError(ErrorCode.noCredits, 'errors.noCredits');
    return { holdId, amount: input.amount, balance, replayed: false };
  }

  function checkGrantAmount(amount: number) {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new AppError(ErrorCode.invalidParams, 'errors.invalidField', {
        field: 'amount',
        reason: '> 0',
      });
    }
  }

  async function grantLocked(
    ops: LockedCreditOps,
    input: GrantInput,
    now: Date,
  ): Promise<GrantResult> {
    if (await ops.findEntryByKey(input.idempotencyKey)) {
      return { balance: await ops.balance(), replayed: true };
    }
    let balance = await ops.expireDue(now);
    const bucket = await ops.insertBucket({
      userId: input.userId,
      kind: input.kind,
      source: input.source,
      granted: input.amount,
      remaining: input.amount,
      expiresAt: input.expiresAt,
      createdAt: now,
    });
    balance += input.amount;
    await ops.insertEntry({
      type: input.kind === 'purchased' ? 'purchase' : 'gift',
      amount: input.amount,
      balanceAfter: balance,
      bucketId: bucket.id,
      kind: input.kind,
      event: input.event,
      expiresAt: input.expiresAt,
      idempotencyKey: input.idempotencyKey,
      createdAt: now,
    });
    await ops.setBalance(balance, now);
    // A grant that is already expired (a late replay of an old event) expires at once.
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) {
      balance = await ops.expireDue(now);
    }
    return { balance, replayed: false };
  }

  async function settle(userId: number, holdId: string, delivered: number) {
    const now = clock.now();
    return repository.withAccountLock(userId, now, (ops) =>
      settleLocked(ops, holdId, delivered, now),
    );
  }

  /**
   * Settles a hold under its user's lock, in one statement (the database's `ledger_settle`,
   * which a task's end also runs): keeps `delivered` (at most the amount) and gives the rest
   * back to the buckets it came from, those that expire last first, so the user keeps the
   * longest-lived credits; credits given back to a bucket that expired meanwhile expire again
   * at once. Settling twice changes nothing: the first settlement stands.
   */
  async function settleLocked(
    ops: LockedCreditOps,
    holdId: string,
    delivered: number,
    now: Date,
  ): Promise<SettleResult> {
    const settled = await ops.settle(holdId, delivered, now);
    if (!settled) throw new AppError(ErrorCode.notFound, 'errors.notFound');
    return settled;
  }

  return {
    async grant(input: GrantInput): Promise<GrantResult> {
      checkGrantAmount(input.amount);
      const now = clock.now();
      return repository.withAccountLock(input.userId, now, (ops) => grantLocked(ops, input, now));
    },

    /** Sets credits aside; refuses with 2007 when the balance cannot cover them. */
    async hold(input: HoldInput): Promise<HoldResult> {
      const now = clock.now();
      return repository.withAccountLock(input.userId, now, (ops) => holdLocked(ops, input, now));
    },

    /**
     * Runs `work` inside the user's credit lock and transaction, so a hold and the row it pays
     * for (a queued task) commit together or not at all; the user's other credit mutations and
     * units of work wait meanwhile.
     */
    async transact<T>(userId: number, work: (unit: LedgerUnit) => Promise<T>): Promise<T> {
      const now = clock.now();
      return repository.withAccountLock(userId, now, (ops, tx) =>
        work({
          tx,
          hold: (input) => holdLocked(ops, { ...input, userId }, now),
          grant: (input) => {
            checkGrantAmount(input.amount);
            return grantLocked(ops, { ...input, userId }, now);
          },
          capture: (holdId, delivered) => settleLocked(ops, holdId, delivered, now),
          release: (holdId) => settleLocked(ops, holdId, 0, now),
        }),
      );
    },

    /** Keeps `delivered` credits of the hold and gives the rest back (a partial delivery). */
    capture: (userId: number, holdId: string, delivered: number) =>
      settle(userId, holdId, delivered),
    /** Gives the whole hold back: the refund of a failed or cancelled generation. */
    release: (userId: number, holdId: string) => settle(userId, holdId, 0),

    /**
     * Settles holds of several users in one statement under their locks (see settleLocked),
     * in the given order: a hold named twice is settled by its first item. Answers one result
     * per item; a hold that is not its item's user's refuses with notFound (the others are
     * settled all the same).
     */
    async settleMany(
      items: { userId: number; holdId: string; delivered: number }[],
    ): Promise<SettleResult[]> {
      const settled = await repository.settleHolds(items, clock.now());
      // One row per item whose hold was found, in item order within each user: a hold named
      // again answers as the first item left it (replayed).
      const byHold = new Map<string, SettleResult[]>();
      for (const row of settled) {
        const result = { captured: row.captured, released: row.released, replayed: row.replayed };
        byHold.set(row.holdId, [...(byHold.get(row.holdId) ?? []), result]);
      }
      return items.map((item) => {
        const result = byHold.get(item.holdId)?.shift();
        if (!result) throw new AppError(ErrorCode.notFound, 'errors.notFound');
        return result;
      });
    },

    /** The balance with expiry applied, so it is never stale. */
    async balance(userId: number): Promise<number> {
      const now = clock.now();
      const stored = await repository.balanceAndDue(userId);
      if (!stored.due) return stored.balance;
      return repository.withAccountLock(userId, now, (ops) => ops.expireDue(now));
    },

    /** The scheduled sweep: expires every due bucket; answers how many users it touched. */
    async expireAll(batch = 500): Promise<number> {
      const now = clock.now();
      const userIds = await repository.usersWithDueBuckets(now, batch);
      for (const userId of userIds) {
        await repository.withAccountLock(userId, now, (ops) => ops.expireDue(now));
      }
      return userIds.length;
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

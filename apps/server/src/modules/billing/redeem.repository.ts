import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { redeemBatches, redeemCodes, redeemFailures, redemptions } from './redeem.schema';

/** Redeem batches, codes, who redeemed them, and failed tries. */
export function createRedeemRepository(db: Executor) {
  return {
    async insertBatch(row: typeof redeemBatches.$inferInsert) {
      const [created] = await db.insert(redeemBatches).values(row).returning();
      if (!created) throw new Error('batch insert returned nothing');
      return created;
    },
    /** Answers the codes actually inserted (a clash with an existing code is skipped). */
    async insertCodes(rows: (typeof redeemCodes.$inferInsert)[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await db
        .insert(redeemCodes)
        .values(rows)
        .onConflictDoNothing()
        .returning({ code: redeemCodes.code });
      return inserted.map((r) => r.code);
    },
    async findCodeWithBatch(code: string) {
      const [row] = await db
        .select({ code: redeemCodes, batch: redeemBatches })
        .from(redeemCodes)
        .innerJoin(redeemBatches, eq(redeemBatches.id, redeemCodes.batchId))
        .where(eq(redeemCodes.code, code));
      return row;
    },
    /** Answers false when this user already redeemed the code. */
    async insertRedemption(row: typeof redemptions.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(redemptions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: redemptions.id });
      return inserted.length > 0;
    },
    /** Takes one use; answers false when none is left. The guard holds under concurrency. */
    async takeUse(code: string): Promise<boolean> {
      const updated = await db
        .update(redeemCodes)
        .set({ used: sql`${redeemCodes.used} + 1` })
        .where(and(eq(redeemCodes.code, code), lt(redeemCodes.used, redeemCodes.uses)))
        .returning({ code: redeemCodes.code });
      return updated.length > 0;
    },
    async insertFailure(userId: number, now: Date) {
      await db.insert(redeemFailures).values({ userId, createdAt: now });
    },
    async countFailuresSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(redeemFailures)
        .where(and(eq(redeemFailures.userId, userId), gte(redeemFailures.createdAt, since)));
      return row?.n ?? 0;
    },
    async oldestFailureSince(userId: number, since: Date): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: redeemFailures.createdAt })
        .from(redeemFailures)
        .where(and(eq(redeemFailures.userId, userId), gte(redeemFailures.createdAt, since)))
        .orderBy(redeemFailures.createdAt)
        .limit(1);
      return row?.at;
    },
    async listBatches(limit: number) {
      const batches = await db
        .select()
        .from(redeemBatches)
        .orderBy(desc(redeemBatches.createdAt), desc(redeemBatches.id))
        .limit(limit);
      if (batches.length === 0) return [];
      const used = await db
        .select({
          batchId: redeemCodes.batchId,
          used: sql<string>`coalesce(sum(${redeemCodes.used}), 0)`,
        })
        .from(redeemCodes)
        .where(
          inArray(
            redeemCodes.batchId,
            batches.map((b) => b.id),
          ),
        )
        .groupBy(redeemCodes.batchId);
      const usedBy = new Map(used.map((u) => [u.batchId, Number(u.used)]));
      return batches.map((b) => ({ batch: b, used: usedBy.get(b.id) ?? 0 }));
    },
  };
}

export type RedeemRepository = ReturnType<typeof createRedeemRepository>;

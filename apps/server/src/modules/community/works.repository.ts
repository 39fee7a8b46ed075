import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/database';
import { works, type NewWorkRow, type WorkRow } from './community.schema';

export function createWorksRepository(db: Database) {
  return {
    db,
    transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(fn);
    },

    /** Undefined when this output is already published (the unique task + output index). */
    async insertWork(ex: Executor, row: NewWorkRow): Promise<WorkRow | undefined> {
      const [created] = await ex.insert(works).values(row).onConflictDoNothing().returning();
      return created;
    },

    async findWork(ex: Executor, id: number): Promise<WorkRow | undefined> {
      const [row] = await ex.select().from(works).where(eq(works.id, id));
      return row;
    },

    /** Locks the work row for a status change or counter update in the caller's transaction. */
    async lockWork(tx: Transaction, id: number): Promise<WorkRow | undefined> {
      const [row] = await tx.select().from(works).where(eq(works.id, id)).for('update');
      return row;
    },

    async updateWork(ex: Executor, id: number, patch: Partial<NewWorkRow>): Promise<WorkRow> {
      const [row] = await ex.update(works).set(patch).where(eq(works.id, id)).returning();
      if (!row) throw new Error('work vanished');
      return row;
    },

    async deleteWork(ex: Executor, id: number): Promise<void> {
      await ex.delete(works).where(eq(works.id, id));
    },

    async addRemixCount(ex: Executor, id: number, delta: number): Promise<void> {
      await ex
        .update(works)
        .set({ remixCount: sql`greatest(${works.remixCount} + ${delta}, 0)` })
        .where(eq(works.id, id));
    },

    /** The newest approved work made from one of these tasks (remix lineage by input keys). */
    async hasWorkOfOutput(taskId: string, idx: number): Promise<boolean> {
      const rows = await db
        .select({ id: works.id })
        .from(works)
        .where(and(eq(works.taskId, taskId), eq(works.outputIdx, idx)))
        .limit(1);
      return rows.length > 0;
    },
    async findApprovedByTasks(taskIds: string[]): Promise<WorkRow | undefined> {
      if (taskIds.length === 0) return undefined;
      const [row] = await db
        .select()
        .from(works)
        .where(and(inArray(works.taskId, taskIds), eq(works.status, 'approved')))
        .orderBy(desc(works.publishedAt))
        .limit(1);
      return row;
    },

    /** Approved works and likes they received, for a person's page. */
    async authorTotals(userId: number): Promise<{ works: number; likes: number }> {
      const [row] = await db
        .select({
          works: count(),
          likes: sql<number>`coalesce(sum(${works.likeCount}), 0)::int`,
        })
        .from(works)
        .where(and(eq(works.userId, userId), eq(works.status, 'approved')));
      return { works: row?.works ?? 0, likes: Number(row?.likes ?? 0) };
    },

    /**
     * Works with an edit waiting for review, longest waiting first, `limit + 1` of them, each
     * with its keyset (when it was edited, as text so no precision is lost; its id).
     */
    async listPendingEdits(
      after: [string, number] | null,
      limit: number,
    ): Promise<(WorkRow & { key: [string, number] })[]> {
      const rows = await db
        .select({ work: works, at: sql<string>`${works.pendingEditAt}::text` })
        .from(works)
        .where(
          and(
            isNotNull(works.pendingEditAt),
            ...(after
              ? [
                  sql`(${works.pendingEditAt}, ${works.id}) > (${after[0]}::timestamptz, ${after[1]})`,
                ]
              : []),
          ),
        )
        .orderBy(asc(works.pendingEditAt), asc(works.id))
        .limit(limit + 1);
      return rows.map((r) => ({ ...r.work, key: [r.at, r.work.id] }));
    },

    async listByIds(ids: number[]): Promise<WorkRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(works).where(inArray(works.id, ids)).orderBy(asc(works.id));
    },
  };
}

export type WorksRepository = ReturnType<typeof createWorksRepository>;

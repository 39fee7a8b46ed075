import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  mediaObjects,
  type MediaObjectRow,
  type NewMediaObjectRow,
  type Rejection,
} from './media.schema';

/** A stored output's media row, as `media_record_outputs` (drizzle/0016) takes it. */
export type OutputRecord = {
  user_id: number;
  key: string;
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  duration_s: number | null;
  seed: number | null;
  task_id: string;
  thumb_key: string | null;
  wm_key: string | null;
};

/** The creation times before which an unused upload goes, by the state it is in. */
export type UploadCutoffs = { unfinished: Date; unused: Date };

/**
 * Uploads the sweep may remove: not known to be used, pending or rejected since before
 * `unfinished`, or ready since before `unused` (which is the earlier of the two).
 */
function sweepable(cutoffs: UploadCutoffs) {
  return and(
    // A literal rather than a parameter, so that the planner matches the partial index.
    sql`${mediaObjects.origin} = 'upload'`,
    isNull(mediaObjects.inUseAt),
    lte(mediaObjects.createdAt, cutoffs.unfinished),
    or(
      inArray(mediaObjects.status, ['pending', 'rejected']),
      and(eq(mediaObjects.status, 'ready'), lte(mediaObjects.createdAt, cutoffs.unused)),
    ),
  );
}

export function createMediaRepository(db: Database) {
  return {
    async insert(row: NewMediaObjectRow): Promise<MediaObjectRow> {
      const [created] = await db.insert(mediaObjects).values(row).returning();
      if (!created) throw new Error('media insert returned nothing');
      return created;
    },
    /** Outputs are stored again when a worker retries a task: the same key replaces its row. */
    /**
     * Records stored outputs, one row per file; the same key storing again replaces its row
     * (the database's `media_record_outputs`, which a task's end also calls).
     */
    async recordOutputs(records: OutputRecord[], now: Date): Promise<void> {
      if (records.length === 0) return;
      await db.execute(
        sql`select media_record_outputs(${JSON.stringify(records)}::jsonb, ${now}::timestamptz)`,
      );
    },
    async findOwned(userId: number, key: string): Promise<MediaObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaObjects)
        .where(and(eq(mediaObjects.userId, userId), eq(mediaObjects.key, key)));
      return row;
    },
    /** Deletes an owned object's row (its folder items go with it); answers the row deleted. */
    async deleteOwned(userId: number, key: string): Promise<MediaObjectRow | undefined> {
      const [row] = await db
        .delete(mediaObjects)
        .where(and(eq(mediaObjects.userId, userId), eq(mediaObjects.key, key)))
        .returning();
      return row;
    },
    /** Deletes the output rows stored for a task; answers the rows deleted. */
    deleteTaskOutputs(userId: number, taskId: string): Promise<MediaObjectRow[]> {
      return db
        .delete(mediaObjects)
        .where(
          and(
            eq(mediaObjects.userId, userId),
            eq(mediaObjects.taskId, taskId),
            eq(mediaObjects.origin, 'output'),
          ),
        )
        .returning();
    },
    async listOwnedByKeys(userId: number, keys: string[]): Promise<MediaObjectRow[]> {
      if (keys.length === 0) return [];
      return db
        .select()
        .from(mediaObjects)
        .where(and(eq(mediaObjects.userId, userId), inArray(mediaObjects.key, keys)));
    },
    async listByKeys(keys: string[]): Promise<MediaObjectRow[]> {
      if (keys.length === 0) return [];
      return db.select().from(mediaObjects).where(inArray(mediaObjects.key, keys));
    },
    async markReady(
      id: number,
      found: {
        mime: string;
        size: number;
        width: number | null;
        height: number | null;
        durationS?: number | null;
      },
      now: Date,
    ): Promise<MediaObjectRow> {
      const [row] = await db
        .update(mediaObjects)
        .set({ ...found, status: 'ready', updatedAt: now })
        .where(eq(mediaObjects.id, id))
        .returning();
      if (!row) throw new Error('media row vanished');
      return row;
    },
    /** The next uploads the sweep may remove after id `afterId`, in id order. */
    listSweepableUploads(
      cutoffs: UploadCutoffs,
      afterId: number,
      limit: number,
    ): Promise<Pick<MediaObjectRow, 'id' | 'userId' | 'key' | 'status'>[]> {
      return db
        .select({
          id: mediaObjects.id,
          userId: mediaObjects.userId,
          key: mediaObjects.key,
          status: mediaObjects.status,
        })
        .from(mediaObjects)
        .where(and(sweepable(cutoffs), gt(mediaObjects.id, afterId)))
        .orderBy(asc(mediaObjects.id))
        .limit(limit);
    },
    async markInUse(ids: number[], now: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(mediaObjects)
        .set({ inUseAt: now })
        .where(and(inArray(mediaObjects.id, ids), isNull(mediaObjects.inUseAt)));
    },
    /**
     * Deletes these uploads if they are still sweepable, so that one that changed since it was
     * listed (inspected meanwhile, or marked in use by another run) stays; answers the keys
     * of the rows deleted.
     */
    async deleteSweepableUploads(ids: number[], cutoffs: UploadCutoffs): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .delete(mediaObjects)
        .where(and(inArray(mediaObjects.id, ids), sweepable(cutoffs)))
        .returning({ key: mediaObjects.key });
      return rows.map((r) => r.key);
    },
    /** Deletes every upload of the user (a purged account); answers the files they named. */
    async deleteUploadsOf(userId: number): Promise<string[]> {
      const rows = await db
        .delete(mediaObjects)
        .where(and(eq(mediaObjects.userId, userId), eq(mediaObjects.origin, 'upload')))
        .returning({ key: mediaObjects.key, thumbKey: mediaObjects.thumbKey });
      return rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
    },
    async markRejected(id: number, rejection: Rejection, now: Date): Promise<void> {
      await db
        .update(mediaObjects)
        .set({ status: 'rejected', rejection, updatedAt: now })
        .where(eq(mediaObjects.id, id));
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;

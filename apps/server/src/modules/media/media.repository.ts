import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  mediaObjects,
  type MediaObjectRow,
  type NewMediaObjectRow,
  type Rejection,
} from './media.schema';

export function createMediaRepository(db: Database) {
  return {
    async insert(row: NewMediaObjectRow): Promise<MediaObjectRow> {
      const [created] = await db.insert(mediaObjects).values(row).returning();
      if (!created) throw new Error('media insert returned nothing');
      return created;
    },
    /** Outputs are stored again when a worker retries a task: the same key replaces its row. */
    async upsertByKey(row: NewMediaObjectRow): Promise<MediaObjectRow> {
      const { id: _id, createdAt: _createdAt, ...changes } = row;
      const [saved] = await db
        .insert(mediaObjects)
        .values(row)
        .onConflictDoUpdate({ target: mediaObjects.key, set: changes })
        .returning();
      if (!saved) throw new Error('media upsert returned nothing');
      return saved;
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
      found: { mime: string; size: number; width: number | null; height: number | null },
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
    async markRejected(id: number, rejection: Rejection, now: Date): Promise<void> {
      await db
        .update(mediaObjects)
        .set({ status: 'rejected', rejection, updatedAt: now })
        .where(eq(mediaObjects.id, id));
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;

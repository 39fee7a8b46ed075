import { and, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../auth/auth.repository';
import { assetFolderItems, assetFolders, type AssetFolderRow } from './assets.schema';

export function createAssetsRepository(db: Database) {
  const ownFolder = (userId: number, id: number) =>
    and(eq(assetFolders.userId, userId), eq(assetFolders.id, id));

  return {
    async listFolders(userId: number, algoType?: number): Promise<AssetFolderRow[]> {
      return db
        .select()
        .from(assetFolders)
        .where(
          and(
            eq(assetFolders.userId, userId),
            algoType === undefined ? undefined : eq(assetFolders.algoType, algoType),
          ),
        )
        .orderBy(desc(assetFolders.createdAt), desc(assetFolders.id));
    },
    async findFolder(userId: number, id: number): Promise<AssetFolderRow | undefined> {
      const [row] = await db.select().from(assetFolders).where(ownFolder(userId, id));
      return row;
    },
    /** Undefined when the user already has a folder of that name for that algorithm. */
    async insertFolder(row: typeof assetFolders.$inferInsert): Promise<AssetFolderRow | undefined> {
      const [created] = await db.insert(assetFolders).values(row).onConflictDoNothing().returning();
      return created;
    },
    /** 'exists' when the new name is taken, undefined when there is no such folder. */
    async renameFolder(
      userId: number,
      id: number,
      name: string,
    ): Promise<AssetFolderRow | 'exists' | undefined> {
      try {
        const [row] = await db
          .update(assetFolders)
          .set({ name })
          .where(ownFolder(userId, id))
          .returning();
        return row;
      } catch (err) {
        if (isUniqueViolation(err)) return 'exists';
        throw err;
      }
    },
    async deleteFolder(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(assetFolders)
        .where(ownFolder(userId, id))
        .returning({ id: assetFolders.id });
      return deleted.length > 0;
    },
    /** The newest `limit` item keys of each folder, newest first. */
    async newestKeys(folderIds: number[], limit: number): Promise<Map<number, string[]>> {
      const byFolder = new Map<number, string[]>();
      if (folderIds.length === 0) return byFolder;
      const ranked = db
        .select({
          folderId: assetFolderItems.folderId,
          mediaKey: assetFolderItems.mediaKey,
          addedAt: assetFolderItems.addedAt,
          rank: sql<number>`row_number() over (partition by ${assetFolderItems.folderId} order by ${assetFolderItems.addedAt} desc, ${assetFolderItems.mediaKey})`.as(
            'rank',
          ),
        })
        .from(assetFolderItems)
        .where(inArray(assetFolderItems.folderId, folderIds))
        .as('ranked');
      const rows = await db
        .select({ folderId: ranked.folderId, mediaKey: ranked.mediaKey })
        .from(ranked)
        .where(lte(ranked.rank, limit))
        .orderBy(ranked.folderId, ranked.rank);
      for (const row of rows) {
        byFolder.set(row.folderId, [...(byFolder.get(row.folderId) ?? []), row.mediaKey]);
      }
      return byFolder;
    },
    /** Files the keys in the folder, taking them out of any other folder. */
    async putItems(userId: number, folderId: number, keys: string[], now: Date): Promise<void> {
      await db
        .insert(assetFolderItems)
        .values(keys.map((mediaKey) => ({ mediaKey, folderId, userId, addedAt: now })))
        .onConflictDoUpdate({
          target: assetFolderItems.mediaKey,
          set: { folderId, addedAt: now },
        });
    },
    /** Takes these works out of whatever folder holds them. */
    async forgetKeys(userId: number, keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db
        .delete(assetFolderItems)
        .where(and(eq(assetFolderItems.userId, userId), inArray(assetFolderItems.mediaKey, keys)));
    },
    async removeItems(userId: number, folderId: number, keys: string[]): Promise<number> {
      const removed = await db
        .delete(assetFolderItems)
        .where(
          and(
            eq(assetFolderItems.userId, userId),
            eq(assetFolderItems.folderId, folderId),
            inArray(assetFolderItems.mediaKey, keys),
          ),
        )
        .returning({ key: assetFolderItems.mediaKey });
      return removed.length;
    },
    async listItems(folderId: number, offset: number, limit: number) {
      const where = eq(assetFolderItems.folderId, folderId);
      const [rows, [total]] = await Promise.all([
        db
          .select({ mediaKey: assetFolderItems.mediaKey, addedAt: assetFolderItems.addedAt })
          .from(assetFolderItems)
          .where(where)
          .orderBy(desc(assetFolderItems.addedAt), assetFolderItems.mediaKey)
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(assetFolderItems).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type AssetsRepository = ReturnType<typeof createAssetsRepository>;

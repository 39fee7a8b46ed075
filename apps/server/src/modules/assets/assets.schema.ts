import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';
import { mediaObjects } from '../media/media.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user's folder of works for one algorithm (spec §3: image 1, video 2, 3d 3, role 4, effect 5). */
export const assetFolders = pgTable(
  'asset_folders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    name: text('name').notNull(),
    algoType: integer('algo_type').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    // Spec §5 "folder name unique": per user and algorithm, whatever the letter case.
    uniqueIndex('asset_folders_name_uq').on(t.userId, t.algoType, sql`lower(${t.name})`),
  ],
);

/**
 * Which folder a work is in: one row per media key, so a work is in one folder at a time.
 * Deleting a folder deletes its rows, which puts the works back in "no folder".
 */
export const assetFolderItems = pgTable(
  'asset_folder_items',
  {
    mediaKey: text('media_key')
      .primaryKey()
      .references(() => mediaObjects.key, { onDelete: 'cascade' }),
    folderId: bigint('folder_id', { mode: 'number' })
      .notNull()
      .references(() => assetFolders.id, { onDelete: 'cascade' }),
    userId: userRef(),
    addedAt: ts('added_at').notNull(),
  },
  (t) => [index('asset_folder_items_folder_idx').on(t.folderId, t.addedAt)],
);

export type AssetFolderRow = typeof assetFolders.$inferSelect;
export type AssetFolderItemRow = typeof assetFolderItems.$inferSelect;

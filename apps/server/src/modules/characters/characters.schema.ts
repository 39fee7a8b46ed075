import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { assetFolders } from '../assets/assets.schema';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A user's character (spec §1 character creation, §2 character workshop): its reference
 * pictures, the run that makes it, and once ready its reference sheet (which carries the face
 * descriptor) and descriptor. `status` is the workshop's: generating, ready or failed (§4).
 */
export const characters = pgTable(
  'characters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<'generating' | 'ready' | 'failed'>().notNull(),
    /** Upload keys of the reference pictures, in the order given. */
    images: jsonb('images').$type<string[]>().notNull(),
    /** The latest creation run (a retry queues a new one). */
    taskId: uuid('task_id').notNull(),
    sheetKey: text('sheet_key'),
    descriptor: jsonb('descriptor').$type<number[]>(),
    /** The task's failure reason when creation failed. */
    failure: text('failure'),
    /** The role-library folder made for the character once ready. */
    folderId: bigint('folder_id', { mode: 'number' }).references(() => assetFolders.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('characters_user_idx').on(t.userId, t.createdAt)],
);

export type CharacterRow = typeof characters.$inferSelect;
export type NewCharacterRow = typeof characters.$inferInsert;

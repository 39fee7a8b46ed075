import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Why an upload was refused: a server message key, its parameters and the fields at fault,
 * re-sent on each use.
 */
export type Rejection = {
  key: string;
  params: Record<string, string | number>;
  fields?: { field: string; message: string }[];
};

/**
 * Every object a user owns in the store: uploads (pending until inspected, then ready or
 * rejected) and generation outputs (ready, with thumbnail and watermark twins).
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A constraint rather than an index: the library's folder items reference it.
    key: text('key').notNull().unique('media_objects_key_uq'),
    /** 'image' | 'video' | 'audio' | 'model' */
    kind: text('kind').notNull(),
    /** 'upload' | 'output' */
    origin: text('origin').notNull(),
    /** 'pending' | 'ready' | 'rejected' */
    status: text('status').notNull(),
    declaredType: text('declared_type'),
    declaredSize: bigint('declared_size', { mode: 'number' }),
    mime: text('mime'),
    size: bigint('size', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    durationS: real('duration_s'),
    seed: bigint('seed', { mode: 'number' }),
    taskId: text('task_id'),
    thumbKey: text('thumb_key'),
    wmKey: text('wm_key'),
    rejection: jsonb('rejection').$type<Rejection>(),
    /**
     * When the upload sweep (decision 0024) first found a task using this upload. Tasks stay
     * as long as their owner's account, so a used upload is kept from then on and the sweep
     * no longer looks at it.
     */
    inUseAt: ts('in_use_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('media_objects_user_idx').on(t.userId, t.createdAt),
    // The uploads the sweep may still remove: few rows in a table that is mostly outputs.
    index('media_objects_upload_sweep_idx')
      .on(t.createdAt)
      .where(sql`${t.origin} = 'upload' and ${t.inUseAt} is null`),
  ],
);

export type MediaObjectRow = typeof mediaObjects.$inferSelect;
export type NewMediaObjectRow = typeof mediaObjects.$inferInsert;

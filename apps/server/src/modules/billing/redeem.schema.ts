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

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Codes an admin made at once, all giving the same credits or plan days. */
export const redeemBatches = pgTable('redeem_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** 'credits' | 'plan' */
  kind: text('kind').notNull(),
  credits: integer('credits').notNull().default(0),
  /** 'basic' | 'plus' | 'pro' for plan codes. */
  plan: text('plan'),
  days: integer('days').notNull().default(0),
  count: integer('count').notNull(),
  /** How many different users may redeem each code. */
  uses: integer('uses').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull(),
});

export type RedeemBatchRow = typeof redeemBatches.$inferSelect;

export const redeemCodes = pgTable(
  'redeem_codes',
  {
    code: text('code').primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => redeemBatches.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull(),
    /** Only ever raised by `used < uses` guarded updates. */
    used: integer('used').notNull().default(0),
  },
  (t) => [index('redeem_codes_batch_idx').on(t.batchId)],
);

/** Who redeemed which code; a user redeems a code at most once. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code')
      .notNull()
      .references(() => redeemCodes.code, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('redemptions_code_user_uq').on(t.code, t.userId)],
);

/** Failed redeem attempts, counted to slow down guessing. */
export const redeemFailures = pgTable(
  'redeem_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('redeem_failures_user_idx').on(t.userId, t.createdAt)],
);

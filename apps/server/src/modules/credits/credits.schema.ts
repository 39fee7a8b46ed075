import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userId = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** One row per user: the balance, and the row every credit mutation locks. */
export const creditAccounts = pgTable('credit_accounts', {
  userId: userId().primaryKey(),
  balance: integer('balance').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/** A grant of credits of one kind with its own expiry; `remaining` is what is left to spend. */
export const creditBuckets = pgTable(
  'credit_buckets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    granted: integer('granted').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('credit_buckets_live_idx')
      .on(t.userId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
  ],
);

/** The append-only ledger: the sum of a user's entries is always their balance. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    type: text('type').notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    bucketId: bigint('bucket_id', { mode: 'number' }),
    holdId: uuid('hold_id'),
    kind: text('kind'),
    event: text('event').notNull(),
    service: text('service'),
    expiresAt: ts('expires_at'),
    idempotencyKey: text('idempotency_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_entries_key_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/** Credits set aside for a queued generation until it is captured or released. */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    amount: integer('amount').notNull(),
    captured: integer('captured').notNull().default(0),
    released: integer('released').notNull().default(0),
    /** 'held' until settled; then 'captured', 'partial' or 'released'. */
    status: text('status').notNull(),
    service: text('service'),
    event: text('event').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull(),
    settledAt: ts('settled_at'),
  },
  (t) => [uniqueIndex('credit_holds_key_uq').on(t.userId, t.idempotencyKey)],
);

export const creditHoldAllocations = pgTable(
  'credit_hold_allocations',
  {
    holdId: uuid('hold_id')
      .notNull()
      .references(() => creditHolds.id, { onDelete: 'cascade' }),
    bucketId: bigint('bucket_id', { mode: 'number' })
      .notNull()
      .references(() => creditBuckets.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    returned: integer('returned').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.holdId, t.bucketId] })],
);

export type CreditBucketRow = typeof creditBuckets.$inferSelect;
export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type CreditHoldRow = typeof creditHolds.$inferSelect;

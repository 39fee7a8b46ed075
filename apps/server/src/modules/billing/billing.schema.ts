import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A period of a plan. The user's grade is the highest grade among periods running now; an
 * admin grant, a trial or a purchase each add one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grade: integer('grade').notNull(),
    /** 'month' or 'year' */
    billingCycle: text('billing_cycle').notNull(),
    /** 'admin', 'trial', 'purchase', 'redeem' */
    source: text('source').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.endsAt)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

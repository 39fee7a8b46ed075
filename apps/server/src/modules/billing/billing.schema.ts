import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A plan the user holds. The user's grade is the highest grade among rows running now; an
 * admin grant, a trial, a redeem code and a purchase each add one. A purchased subscription
 * is one row whose period (`startsAt`–`endsAt`) moves forward at each renewal.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    grade: integer('grade').notNull(),
    /** 'month' or 'year' */
    billingCycle: text('billing_cycle').notNull(),
    /** 'admin', 'trial', 'purchase', 'redeem' */
    source: text('source').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull(),
    /** 'active' | 'past_due' (a renewal failed) | 'ended' */
    status: text('status').notNull().default('active'),
    skuId: text('sku_id'),
    /** 'sandbox' | 'stripe' for purchases; null otherwise. */
    provider: text('provider'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    /** The order that started it. */
    orderNo: text('order_no'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Credits granted at each 30-day cycle of the plan. */
    monthlyCredits: integer('monthly_credits').notNull().default(0),
    /** When the next in-period monthly grant is due (yearly and long redeemed plans). */
    nextCreditAt: ts('next_credit_at'),
    /** Periods paid so far, counting the first; names each period's credit grant. */
    periods: integer('periods').notNull().default(1),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.endsAt),
    uniqueIndex('subscriptions_provider_sub_uq')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
    index('subscriptions_due_idx').on(t.status, t.endsAt),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;

/** One free trial per user, ever: the primary key is the guarantee. */
export const trials = pgTable('trials', {
  userId: userRef().primaryKey(),
  subscriptionId: bigint('subscription_id', { mode: 'number' }),
  hours: integer('hours').notNull(),
  credits: integer('credits').notNull(),
  claimedAt: ts('claimed_at').notNull(),
});

/** What can be bought: membership plans and credit top-up packs. Prices in fen. */
export const skus = pgTable('skus', {
  id: text('id').primaryKey(),
  /** 'membership' | 'topup' */
  kind: text('kind').notNull(),
  name: text('name').notNull().unique(),
  grade: integer('grade').notNull(),
  /** 'month' | 'year' for plans; null for top-ups. */
  billCycle: text('bill_cycle'),
  priceFen: integer('price_fen').notNull(),
  listPriceFen: integer('list_price_fen').notNull(),
  credits: integer('credits').notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  stripePriceId: text('stripe_price_id'),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

export type SkuRow = typeof skus.$inferSelect;

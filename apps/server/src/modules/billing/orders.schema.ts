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
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An order: waiting → paid → active, or cancelled (with a failure). Each transition is made
 * under the row lock, so a replayed or late provider event finds the order already moved on.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: text('sku_id').notNull(),
    /** 'membership' | 'topup' */
    kind: text('kind').notNull(),
    skuName: text('sku_name').notNull(),
    grade: integer('grade').notNull(),
    billCycle: text('bill_cycle'),
    credits: integer('credits').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** Percent taken off the SKU price. */
    discount: integer('discount').notNull().default(0),
    currency: text('currency').notNull(),
    /** 'purchase' (the buyer checked out) | 'renewal' (a subscription period was paid) */
    reason: text('reason').notNull().default('purchase'),
    provider: text('provider').notNull(),
    /**
     * 'waiting' | 'paid' | 'active' | 'cancelled', or 'review': a provider reported a payment
     * whose amount differs from the order; nothing is credited until an admin decides.
     */
    status: text('status').notNull(),
    /** What the provider said was paid, when it differs from `amountFen` (status 'review'). */
    paidAmountFen: integer('paid_amount_fen'),
    failure: text('failure'),
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    /** The provider's payment of a renewal (a Stripe invoice id): one order per payment. */
    providerPaymentId: text('provider_payment_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    /** The provider ended the subscription before we saw it paid (events out of order). */
    providerEndedAt: ts('provider_ended_at'),
    createdAt: ts('created_at').notNull(),
    paidAt: ts('paid_at'),
    activatedAt: ts('activated_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_provider_payment_uq')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    index('orders_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index('orders_review_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'review'`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** A checkout at a provider: the sandbox's hosted page or a Stripe Checkout Session. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no')
      .notNull()
      .references(() => orders.orderNo, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** 'open' | 'complete' | 'expired' | 'cancelled' | 'failed' */
    status: text('status').notNull(),
    url: text('url').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('checkout_sessions_order_idx').on(t.orderNo)],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** Every provider event applied, by the provider's id: a replay finds its row and stops. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderNo: text('order_no'),
    /** What applying it did: 'applied', 'ignored', … */
    result: text('result').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

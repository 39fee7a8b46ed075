import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  checkoutSessions,
  orders,
  webhookEvents,
  type CheckoutSessionRow,
  type NewOrderRow,
  type OrderRow,
} from './orders.schema';

/** Orders, checkout sessions and the provider event log. Pass a transaction to join it. */
export function createOrdersRepository(db: Executor) {
  return {
    async insertOrder(row: NewOrderRow): Promise<OrderRow> {
      const [created] = await db.insert(orders).values(row).returning();
      if (!created) throw new Error('order insert returned nothing');
      return created;
    },
    /** A renewal order per provider payment: answers undefined when that payment has one. */
    async insertPaymentOrder(row: NewOrderRow): Promise<OrderRow | undefined> {
      const [created] = await db.insert(orders).values(row).onConflictDoNothing().returning();
      return created;
    },
    async findOrder(orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      return row;
    },
    async lockOrder(orderNo: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
      return row;
    },
    async updateOrder(orderNo: string, patch: Partial<NewOrderRow>): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set(patch)
        .where(eq(orders.orderNo, orderNo))
        .returning();
      if (!row) throw new Error(`order ${orderNo} vanished`);
      return row;
    },
    async listOrders(userId: number, offset: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(eq(orders.userId, userId))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    /** Orders held for an admin (status review), oldest first. */
    async listInReview(offset: number, limit: number) {
      const inReview = eq(orders.status, 'review');
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(inReview)
          .orderBy(asc(orders.createdAt), asc(orders.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(orders).where(inReview),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async countWaitingSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.status, 'waiting'),
            gte(orders.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },
    /** Whether the user ever paid for a membership (discounts for first purchases). */
    async hasPaidMembership(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            eq(orders.kind, 'membership'),
            inArray(orders.status, ['paid', 'active']),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async insertSession(row: typeof checkoutSessions.$inferInsert) {
      await db.insert(checkoutSessions).values(row);
    },
    async findSession(id: string): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return row;
    },
    async sessionsOfOrder(orderNo: string): Promise<CheckoutSessionRow[]> {
      return db.select().from(checkoutSessions).where(eq(checkoutSessions.orderNo, orderNo));
    },
    async setSessionStatus(orderNo: string, status: string) {
      await db
        .update(checkoutSessions)
        .set({ status })
        .where(and(eq(checkoutSessions.orderNo, orderNo), eq(checkoutSessions.status, 'open')));
    },
    /** Open checkouts past their expiry whose order still waits. */
    async expiredSessions(now: Date, limit: number) {
      return db
        .select({ session: checkoutSessions, order: orders })
        .from(checkoutSessions)
        .innerJoin(orders, eq(orders.orderNo, checkoutSessions.orderNo))
        .where(
          and(
            eq(checkoutSessions.status, 'open'),
            lte(checkoutSessions.expiresAt, now),
            eq(orders.status, 'waiting'),
          ),
        )
        .limit(limit);
    },

    /** Answers false when the provider's event was already recorded: a replay. */
    async recordEvent(row: typeof webhookEvents.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(webhookEvents)
        .values(row)
        .onConflictDoNothing()
        .returning({ eventId: webhookEvents.eventId });
      return inserted.length > 0;
    },
    async setEventResult(provider: string, eventId: string, result: string) {
      await db
        .update(webhookEvents)
        .set({ result })
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
    },
    async findEvent(provider: string, eventId: string) {
      const [row] = await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
      return row;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { subscriptions, type SubscriptionRow } from './billing.schema';

export function createBillingRepository(db: Database) {
  return {
    /** Periods running at `now`: started, not ended, not cancelled before now. */
    activeSubscriptions(userId: number, now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            lte(subscriptions.startsAt, now),
            gt(subscriptions.endsAt, now),
            or(isNull(subscriptions.cancelledAt), gt(subscriptions.cancelledAt, now)),
          ),
        )
        .orderBy(desc(subscriptions.grade), desc(subscriptions.endsAt));
    },
    listSubscriptions(userId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id));
    },
    async insertSubscription(row: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
      const [created] = await db.insert(subscriptions).values(row).returning();
      if (!created) throw new Error('subscription insert returned nothing');
      return created;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

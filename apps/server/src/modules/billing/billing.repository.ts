import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  skus,
  subscriptions,
  trials,
  type NewSubscriptionRow,
  type SkuRow,
  type SubscriptionRow,
} from './billing.schema';

/**
 * A Stripe subscription that renews by itself keeps running this long past its period end
 * while the renewal is collected: Stripe charges about an hour after the period ends and
 * retries a declined card over the following days. A failed charge marks it past due at once.
 */
export const RENEWAL_GRACE_MS = 3 * 24 * 3600_000;

/** Renews at the provider: Stripe, active, not cancelled nor set to stop at the period end. */
const renewsAtProvider = and(
  eq(subscriptions.provider, 'stripe'),
  eq(subscriptions.status, 'active'),
  eq(subscriptions.cancelAtPeriodEnd, false),
  isNull(subscriptions.cancelledAt),
);

/** In its renewal grace at `now` (see RENEWAL_GRACE_MS). */
const inGraceAt = (now: Date) =>
  and(
    renewsAtProvider,
    lte(subscriptions.endsAt, now),
    gt(subscriptions.endsAt, new Date(now.getTime() - RENEWAL_GRACE_MS)),
  );

/** Periods running at `now`: started, not ended (or in renewal grace), not cancelled before now. */
const runningAt = (now: Date) =>
  and(
    lte(subscriptions.startsAt, now),
    or(gt(subscriptions.endsAt, now), inGraceAt(now)),
    or(isNull(subscriptions.cancelledAt), gt(subscriptions.cancelledAt, now)),
  );

/** The same test on a row already read. */
export function inRenewalGrace(
  row: Pick<
    SubscriptionRow,
    'provider' | 'status' | 'cancelAtPeriodEnd' | 'cancelledAt' | 'endsAt'
  >,
  now: Date,
): boolean {
  return (
    row.provider === 'stripe' &&
    row.status === 'active' &&
    !row.cancelAtPeriodEnd &&
    row.cancelledAt === null &&
    row.endsAt.getTime() <= now.getTime() &&
    row.endsAt.getTime() > now.getTime() - RENEWAL_GRACE_MS
  );
}

/** Subscriptions and plans, trials and the catalogue. Pass a transaction to join its work. */
export function createBillingRepository(db: Executor) {
  return {
    activeSubscriptions(userId: number, now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), runningAt(now)))
        .orderBy(desc(subscriptions.grade), desc(subscriptions.endsAt));
    },
    /** The periods running at `now` of several users, best first per user. */
    activeSubscriptionsOf(userIds: number[], now: Date): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(inArray(subscriptions.userId, userIds), runningAt(now)))
        .orderBy(desc(subscriptions.grade), desc(subscriptions.endsAt));
    },
    listSubscriptions(userId: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.id));
    },
    async insertSubscription(row: NewSubscriptionRow): Promise<SubscriptionRow> {
      const [created] = await db.insert(subscriptions).values(row).returning();
      if (!created) throw new Error('subscription insert returned nothing');
      return created;
    },
    async lockSubscription(id: number): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update');
      return row;
    },
    async lockByProviderId(provider: string, providerSubscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, provider),
            eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
          ),
        )
        .for('update');
      return row;
    },
    async findByProviderId(provider: string, providerSubscriptionId: string) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, provider),
            eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
          ),
        );
      return row;
    },
    /** The user's paid subscription that still runs (also while it is being cancelled). */
    async findRunningPurchase(userId: number, now: Date) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.source, 'purchase'),
            eq(subscriptions.status, 'active'),
            runningAt(now),
          ),
        )
        .orderBy(desc(subscriptions.endsAt))
        .limit(1);
      return row;
    },
    /** The newest paid subscription, whatever its state. */
    async findLatestPurchase(userId: number) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), eq(subscriptions.source, 'purchase')))
        .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
        .limit(1);
      return row;
    },
    async findRunningTrial(userId: number, now: Date) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(
          and(eq(subscriptions.userId, userId), eq(subscriptions.source, 'trial'), runningAt(now)),
        )
        .limit(1);
      return row;
    },
    async pastDueStripe(userId: number) {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.provider, 'stripe'),
            eq(subscriptions.status, 'past_due'),
            isNotNull(subscriptions.providerSubscriptionId),
          ),
        );
    },
    async updateSubscription(id: number, patch: Partial<NewSubscriptionRow>) {
      const [row] = await db
        .update(subscriptions)
        .set(patch)
        .where(eq(subscriptions.id, id))
        .returning();
      if (!row) throw new Error(`subscription ${id} vanished`);
      return row;
    },
    /** Ends the user's running trials at `now` (a purchase replaces the trial). */
    async endTrials(userId: number, now: Date) {
      await db
        .update(subscriptions)
        .set({ cancelledAt: now, status: 'ended', updatedAt: now })
        .where(
          and(eq(subscriptions.userId, userId), eq(subscriptions.source, 'trial'), runningAt(now)),
        );
    },
    /** Active rows whose period is over: renew, or end. */
    dueEnds(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'active'),
            lte(subscriptions.endsAt, now),
            sql`not coalesce(${inGraceAt(now)}, false)`,
          ),
        )
        .orderBy(asc(subscriptions.endsAt))
        .limit(limit);
    },
    /** Active rows with an in-period monthly grant due. */
    dueCredits(now: Date, limit: number): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, 'active'),
            isNotNull(subscriptions.nextCreditAt),
            lte(subscriptions.nextCreditAt, now),
          ),
        )
        .orderBy(asc(subscriptions.nextCreditAt))
        .limit(limit);
    },

    /** Answers false when the user already claimed one. */
    async insertTrial(row: typeof trials.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(trials)
        .values(row)
        .onConflictDoNothing()
        .returning({ userId: trials.userId });
      return inserted.length > 0;
    },
    async findTrial(userId: number) {
      const [row] = await db.select().from(trials).where(eq(trials.userId, userId));
      return row;
    },

    async seedSkus(rows: (typeof skus.$inferInsert)[]) {
      if (rows.length > 0) await db.insert(skus).values(rows).onConflictDoNothing();
    },
    listSkus(opts: { activeOnly: boolean; ids?: string[] }): Promise<SkuRow[]> {
      const conditions = [
        ...(opts.activeOnly ? [eq(skus.active, true)] : []),
        ...(opts.ids ? [inArray(skus.id, opts.ids)] : []),
      ];
      return db
        .select()
        .from(skus)
        .where(conditions.length ? and(...conditions) : sql`true`)
        .orderBy(asc(skus.sortOrder), asc(skus.id));
    },
    async findSku(id: string): Promise<SkuRow | undefined> {
      const [row] = await db.select().from(skus).where(eq(skus.id, id));
      return row;
    },
    async updateSku(id: string, patch: Partial<typeof skus.$inferInsert>) {
      const [row] = await db.update(skus).set(patch).where(eq(skus.id, id)).returning();
      return row;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

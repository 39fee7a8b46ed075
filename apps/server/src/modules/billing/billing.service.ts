import { planName, type Grade } from '@lumen/contracts/plans';
import type { Clock } from '../../lib/clock';
import { createBatchLoader } from '../../lib/coalesce';
import type { BillingRepository } from './billing.repository';
import type { SubscriptionRow } from './billing.schema';

export type CurrentPlan = {
  grade: Grade;
  name: string;
  yearly: boolean;
  trial: boolean;
  endsAt: Date | null;
};

const DAY_MS = 24 * 3600_000;

function asGrade(n: number): Grade {
  return (n >= 0 && n <= 4 ? n : 0) as Grade;
}

/** Plans and grades. Payments add purchases here; today an admin grant adds a period. */
export function createBillingService(deps: { repository: BillingRepository; clock: Clock }) {
  const { repository, clock } = deps;
  /** Every gated request asks for the plan: concurrent asks share one query. */
  const bestPeriods = createBatchLoader(async (userIds: number[]) => {
    const best = new Map<number, SubscriptionRow>();
    // Best first, so the first row of each user is the one that counts.
    for (const row of await repository.activeSubscriptionsOf(userIds, clock.now())) {
      if (!best.has(row.userId)) best.set(row.userId, row);
    }
    return best;
  });

  return {
    /** The highest grade among the periods running now; free when there is none. */
    async currentPlan(userId: number): Promise<CurrentPlan> {
      const best = await bestPeriods.load(userId);
      if (!best)
        return { grade: 0, name: planName(0, false), yearly: false, trial: false, endsAt: null };
      const grade = asGrade(best.grade);
      const yearly = best.billingCycle === 'year';
      return {
        grade,
        name: planName(grade, yearly),
        yearly,
        trial: best.source === 'trial',
        endsAt: best.endsAt,
      };
    },

    async listPlans(userId: number) {
      const now = clock.now();
      return (await repository.listSubscriptions(userId)).map((row: SubscriptionRow) => ({
        id: row.id,
        grade: row.grade,
        plan_name: planName(asGrade(row.grade), row.billingCycle === 'year'),
        source: row.source,
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
        active:
          row.startsAt <= now && row.endsAt > now && (!row.cancelledAt || row.cancelledAt > now),
      }));
    },

    /** Adds a period of `grade` starting now for `days` days. */
    async grantPlan(userId: number, grade: Grade, days: number, source: string) {
      const now = clock.now();
      return repository.insertSubscription({
        userId,
        grade,
        billingCycle: days >= 365 ? 'year' : 'month',
        source,
        startsAt: now,
        endsAt: new Date(now.getTime() + days * DAY_MS),
        createdAt: now,
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

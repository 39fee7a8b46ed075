import { ErrorCode } from '@lumen/contracts/error-codes';
import { planName, type Grade } from '@lumen/contracts/plans';
import type {
  PaymentProvider as ProviderName,
  Subscription,
  TrialClaimResult,
  TrialEligibility,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../credits/ledger.service';
import { inRenewalGrace } from './billing.repository';
import type { SubscriptionRow } from './billing.schema';
import { renewSubscription } from './payment-events';
import { AFTER_TRIAL_DISCOUNT, DAY_MS, SUBSCRIPTION_CREDIT_DAYS, cycleFits } from './payment-rules';
import type { PaymentProvider } from './providers/payment-provider';
import type { TradeRepositories, TradeRepositoriesOn } from './trade.repositories';

const TRIAL_GRADE = 2;

type Logger = { warn(obj: object, msg: string): void };

function asGrade(n: number): Grade {
  return (n >= 0 && n <= 4 ? n : 0) as Grade;
}

/** Subscriptions over time: the view, cancel and resume, trials, and the period-end job. */
export function createSubscriptionsService(deps: {
  repos: TradeRepositoriesOn;
  root: TradeRepositories;
  ledger: LedgerService;
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  clock: Clock;
  publicUrl: string;
  trial: { hours: number; credits: number };
  logger: Logger;
}) {
  const { root, ledger, clock } = deps;

  function statusOf(row: SubscriptionRow, now: Date): Subscription['status'] {
    if (row.status === 'past_due') return 'past_due';
    if (row.status === 'ended') return 'ended';
    if (row.endsAt <= now && !inRenewalGrace(row, now)) return 'ended';
    if (row.cancelledAt && row.cancelledAt <= now) return 'ended';
    return row.cancelAtPeriodEnd ? 'cancelling' : 'active';
  }

  async function portalUrl(row: SubscriptionRow): Promise<string | null> {
    const provider = row.provider ? deps.providers[row.provider as ProviderName] : undefined;
    if (!provider) return null;
    try {
      return await provider.portalUrl(row, `${deps.publicUrl}/pay`);
    } catch (err) {
      deps.logger.warn({ err }, 'payment portal link unavailable');
      return null;
    }
  }

  async function toView(row: SubscriptionRow, now: Date): Promise<Subscription> {
    const yearly = row.billingCycle === 'year';
    const trial = row.source === 'trial';
    return {
      plan: planName(asGrade(row.grade), yearly),
      sku_id: row.skuId,
      grade: row.grade,
      bill_cycle: yearly ? 'year' : 'month',
      status: statusOf(row, now),
      current_period_start: row.startsAt.toISOString(),
      current_period_end: row.endsAt.toISOString(),
      cancel_at_period_end: trial || row.cancelAtPeriodEnd,
      provider: (row.provider as ProviderName | null) ?? null,
      portal_url: trial ? null : await portalUrl(row),
      trial,
    };
  }

  async function view(userId: number): Promise<Subscription | null> {
    const now = clock.now();
    const running = await root.billing.findRunningPurchase(userId, now);
    if (running) return toView(running, now);
    const trial = await root.billing.findRunningTrial(userId, now);
    if (trial) return toView(trial, now);
    const latest = await root.billing.findLatestPurchase(userId);
    return latest ? toView(latest, now) : null;
  }

  async function setCancel(userId: number, cancel: boolean): Promise<Subscription | null> {
    const now = clock.now();
    const running = await root.billing.findRunningPurchase(userId, now);
    if (!running) {
      const latest = await root.billing.findLatestPurchase(userId);
      throw cancel || !latest
        ? new AppError(ErrorCode.notFound, 'payment.noSubscription')
        : new AppError(ErrorCode.conflict, 'payment.cannotResume');
    }
    if (running.cancelAtPeriodEnd !== cancel) {
      const provider = running.provider
        ? deps.providers[running.provider as ProviderName]
        : undefined;
      await provider?.setCancelAtPeriodEnd(running, cancel);
      await root.billing.updateSubscription(running.id, {
        cancelAtPeriodEnd: cancel,
        updatedAt: now,
      });
    }
    return view(userId);
  }

  /** In-period monthly grants of yearly and long redeemed plans. */
  async function grantDueCycles(row: SubscriptionRow, now: Date) {
    await ledger.transact(row.userId, async (unit) => {
      const sub = await deps.repos(unit.tx).billing.lockSubscription(row.id);
      if (!sub || sub.status !== 'active' || !sub.nextCreditAt) return;
      let at = sub.nextCreditAt;
      const stop = sub.cancelledAt && sub.cancelledAt < sub.endsAt ? sub.cancelledAt : sub.endsAt;
      while (at <= now && cycleFits(at, stop)) {
        if (sub.monthlyCredits > 0) {
          await unit.grant({
            amount: sub.monthlyCredits,
            kind: 'subscription',
            source: 'subscription',
            event: 'bills.subscription',
            expiresAt: new Date(at.getTime() + SUBSCRIPTION_CREDIT_DAYS * DAY_MS),
            idempotencyKey: `sub:${sub.id}:cycle:${at.toISOString()}`,
          });
        }
        at = new Date(at.getTime() + SUBSCRIPTION_CREDIT_DAYS * DAY_MS);
      }
      await deps.repos(unit.tx).billing.updateSubscription(sub.id, {
        nextCreditAt: cycleFits(at, stop) ? at : null,
        updatedAt: now,
      });
    });
  }

  /** A period is over: the sandbox renews (always successfully); everything else ends. */
  async function endOrRenew(row: SubscriptionRow, now: Date): Promise<'renewed' | 'ended' | null> {
    return ledger.transact(row.userId, async (unit) => {
      const r = deps.repos(unit.tx);
      let sub = await r.billing.lockSubscription(row.id);
      if (!sub || sub.status !== 'active' || sub.endsAt > now) return null;
      // Stripe collects the renewal itself; its invoice.paid renews the plan.
      if (inRenewalGrace(sub, now)) return null;
      // A sandbox renewal is paid by nobody: with the sandbox off its plans run out instead.
      const renews =
        sub.source === 'purchase' &&
        sub.provider === 'sandbox' &&
        deps.providers.sandbox !== undefined &&
        !sub.cancelAtPeriodEnd &&
        !sub.cancelledAt;
      if (!renews) {
        await r.billing.updateSubscription(sub.id, { status: 'ended', updatedAt: now });
        return 'ended';
      }
      const sku = sub.skuId ? await r.billing.findSku(sub.skuId) : undefined;
      if (!sku?.active) {
        await r.billing.updateSubscription(sub.id, { status: 'ended', updatedAt: now });
        return 'ended';
      }
      // Catch up every period missed while the job was not running.
      while (sub.endsAt <= now) {
        await renewSubscription({ r, unit, now, provider: 'sandbox' }, sub, {
          paymentId: `renewal:${sub.id}:${sub.periods + 1}`,
          amountFen: sku.priceFen,
          periodStart: null,
          periodEnd: null,
        });
        const next = await r.billing.lockSubscription(sub.id);
        if (!next || next.periods === sub.periods) break;
        sub = next;
      }
      return 'renewed';
    });
  }

  return {
    view,
    cancel: (userId: number) => setCancel(userId, true),

    /**
     * Spec §4: deleting the account ends its subscriptions now, without refund; a Stripe
     * subscription is cancelled at Stripe so it is not charged again.
     */
    async endForDeletedAccount(userId: number) {
      const now = clock.now();
      for (const row of await root.billing.listSubscriptions(userId)) {
        if (row.status === 'ended' || row.endsAt <= now) continue;
        const provider = row.provider ? deps.providers[row.provider as ProviderName] : undefined;
        if (provider && row.providerSubscriptionId) {
          await provider.cancelNow(row.providerSubscriptionId).catch((err: unknown) => {
            deps.logger.warn({ err, subscription: row.id }, 'provider cancellation failed');
          });
        }
        await root.billing.updateSubscription(row.id, {
          status: 'ended',
          cancelledAt: now,
          updatedAt: now,
        });
      }
    },
    resume: (userId: number) => setCancel(userId, false),

    /**
     * The scheduled job: ends periods that are over (grade falls back by itself), renews
     * sandbox subscriptions, and makes the in-period monthly grants. Stripe subscriptions
     * renew and end by Stripe's events; only their pending cancellations end here.
     */
    async runPeriodEnds(now: Date, batch = 200) {
      let renewed = 0;
      let ended = 0;
      for (const row of await root.billing.dueEnds(now, batch)) {
        const outcome = await endOrRenew(row, now);
        if (outcome === 'renewed') renewed++;
        if (outcome === 'ended') ended++;
      }
      const due = await root.billing.dueCredits(now, batch);
      for (const row of due) await grantDueCycles(row, now);
      return { renewed, ended, granted: due.length };
    },

    async trialEligibility(userId: number): Promise<TrialEligibility> {
      const now = clock.now();
      const [claimed, running, paid] = await Promise.all([
        root.billing.findTrial(userId),
        root.billing.activeSubscriptions(userId, now),
        root.orders.hasPaidMembership(userId),
      ]);
      return {
        threeDay: !claimed && running.length === 0,
        fiftyDiscount: claimed && !paid ? AFTER_TRIAL_DISCOUNT : 0,
        hours: deps.trial.hours,
        credits: deps.trial.credits,
      };
    },

    /** Spec §4: a Plus trial, once per user ever, not while a plan runs. */
    async claimTrial(userId: number): Promise<TrialClaimResult> {
      return ledger.transact(userId, async (unit) => {
        const now = clock.now();
        const r = deps.repos(unit.tx);
        if (await r.billing.findTrial(userId)) {
          throw new AppError(ErrorCode.conflict, 'trial.alreadyClaimed');
        }
        if ((await r.billing.activeSubscriptions(userId, now)).length > 0) {
          throw new AppError(ErrorCode.conflict, 'trial.hasPlan');
        }
        const endsAt = new Date(now.getTime() + deps.trial.hours * 3600_000);
        const sub = await r.billing.insertSubscription({
          userId,
          grade: TRIAL_GRADE,
          billingCycle: 'month',
          source: 'trial',
          startsAt: now,
          endsAt,
          createdAt: now,
          updatedAt: now,
        });
        const inserted = await r.billing.insertTrial({
          userId,
          subscriptionId: sub.id,
          hours: deps.trial.hours,
          credits: deps.trial.credits,
          claimedAt: now,
        });
        if (!inserted) throw new AppError(ErrorCode.conflict, 'trial.alreadyClaimed');
        if (deps.trial.credits > 0) {
          await unit.grant({
            amount: deps.trial.credits,
            kind: 'subscription',
            source: 'trial',
            event: 'bills.trial',
            expiresAt: endsAt,
            idempotencyKey: 'trial',
          });
        }
        return {
          grade: TRIAL_GRADE,
          credits: deps.trial.credits,
          expires_at: endsAt.toISOString(),
        };
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;

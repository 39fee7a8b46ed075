import type { BillCycle, OrderFailure, PaymentProvider } from '@lumen/contracts/trade';
import type { LedgerUnit } from '../credits/ledger.service';
import type { SubscriptionRow } from './billing.schema';
import type { OrderRow } from './orders.schema';
import {
  DAY_MS,
  PURCHASED_CREDIT_DAYS,
  SUBSCRIPTION_CREDIT_DAYS,
  inviteRewardPoints,
  newOrderNo,
  periodEnd,
} from './payment-rules';
import type { PaymentAction } from './providers/payment-provider';
import type { TradeRepositories } from './trade.repositories';

/** The unit of work an event is applied in: the user's credit lock and its transaction. */
export type EventContext = {
  r: TradeRepositories;
  unit: LedgerUnit;
  now: Date;
  provider: PaymentProvider;
};

/** Work that waits for the commit: mail must not go out for a change that rolled back. */
export type Effect =
  | {
      kind: 'renewal_failed';
      userId: number;
      grade: number;
      cycle: BillCycle;
      endsAt: Date;
    }
  | {
      /**
       * A plan paid while another bought plan was running (two checkouts opened before
       * either was paid): honoured, with its renewal turned off at the provider too.
       */
      kind: 'second_plan';
      userId: number;
      subscription: SubscriptionRow;
      keptGrade: number;
    };

export type Applied = { result: string; effects: Effect[] };

const unchanged = (result = 'unchanged'): Applied => ({ result, effects: [] });

function cycleOf(value: string | null): BillCycle {
  return value === 'year' ? 'year' : 'month';
}

function nextCreditAfter(start: Date, cycle: BillCycle): Date | null {
  // Monthly plans get their credits with each paid period; yearly ones every 30 days.
  return cycle === 'year' ? new Date(start.getTime() + SUBSCRIPTION_CREDIT_DAYS * DAY_MS) : null;
}

function subscriptionCredits(start: Date) {
  return new Date(start.getTime() + SUBSCRIPTION_CREDIT_DAYS * DAY_MS);
}

/**
 * → paid → active: grants what the order bought. Money that reached a real provider is
 * honoured even when we had already given the order up (its checkout expired here first); the
 * sandbox never pays late. An order in review arrives here only when an admin accepts it.
 */
export async function activateOrder(
  ctx: EventContext,
  order: OrderRow,
  opts: {
    period?: { start: Date | null; end: Date | null };
    providerSubscriptionId?: string | null;
    providerCustomerId?: string | null;
  } = {},
): Promise<Applied> {
  const { r, unit, now } = ctx;
  if (order.status === 'paid' || order.status === 'active') return unchanged();
  if (order.status === 'cancelled' && order.provider === 'sandbox')
    return unchanged('refused_late');
  await r.orders.updateOrder(order.orderNo, {
    status: 'paid',
    failure: null,
    cancelledAt: null,
    paidAt: now,
    providerSubscriptionId: opts.providerSubscriptionId ?? order.providerSubscriptionId,
    providerCustomerId: opts.providerCustomerId ?? order.providerCustomerId,
  });
  let subscriptionId: number | null = null;
  const effects: Effect[] = [];
  if (order.kind === 'membership') {
    const cycle = cycleOf(order.billCycle);
    const start = opts.period?.start ?? now;
    const end = opts.period?.end ?? periodEnd(start, cycle);
    const endedEarly = order.providerEndedAt && order.providerEndedAt < end;
    await r.billing.endTrials(order.userId, now);
    // Under the user's credit lock, so two plans paid at the same moment see each other.
    const running = await r.billing.findRunningPurchase(order.userId, now);
    const sub = await r.billing.insertSubscription({
      userId: order.userId,
      grade: order.grade,
      billingCycle: cycle,
      source: 'purchase',
      startsAt: start,
      endsAt: end,
      cancelledAt: endedEarly ? order.providerEndedAt : null,
      // Money that moved is honoured, but only the plan that was running renews: the user is
      // not charged for two plans every month (decision 0010).
      cancelAtPeriodEnd: running !== undefined,
      createdAt: now,
      status: order.providerEndedAt ? 'ended' : 'active',
      skuId: order.skuId,
      provider: order.provider,
      providerSubscriptionId: opts.providerSubscriptionId ?? order.providerSubscriptionId,
      providerCustomerId: opts.providerCustomerId ?? order.providerCustomerId,
      orderNo: order.orderNo,
      monthlyCredits: order.credits,
      nextCreditAt: nextCreditAfter(start, cycle),
      periods: 1,
      updatedAt: now,
    });
    subscriptionId = sub.id;
    if (running && sub.status === 'active') {
      effects.push({
        kind: 'second_plan',
        userId: order.userId,
        subscription: sub,
        keptGrade: running.grade,
      });
    }
    if (order.credits > 0) {
      await unit.grant({
        amount: order.credits,
        kind: 'subscription',
        source: 'subscription',
        event: 'bills.subscription',
        expiresAt: subscriptionCredits(now),
        idempotencyKey: `order:${order.orderNo}`,
      });
    }
    await r.invites.activate(order.userId, order.grade, inviteRewardPoints[order.grade] ?? 0, now);
  } else if (order.credits > 0) {
    await unit.grant({
      amount: order.credits,
      kind: 'purchased',
      source: 'topup',
      event: 'bills.topup',
      expiresAt: new Date(now.getTime() + PURCHASED_CREDIT_DAYS * DAY_MS),
      idempotencyKey: `order:${order.orderNo}`,
    });
  }
  await r.orders.updateOrder(order.orderNo, { status: 'active', activatedAt: now, subscriptionId });
  await r.orders.setSessionStatus(order.orderNo, 'complete');
  return { result: 'applied', effects };
}

type PaidReport = {
  /** What the provider says was paid; null when it does not say. */
  amountFen: number | null;
  period?: { start: Date | null; end: Date | null };
  providerSubscriptionId: string | null;
  providerCustomerId: string | null;
};

/**
 * A provider reports the order paid. A payment of another amount than the order's is held for
 * an admin (status review) with what was paid: nothing is granted until one accepts it, and
 * later events for the order change nothing.
 */
async function payOrder(ctx: EventContext, order: OrderRow, paid: PaidReport): Promise<Applied> {
  const opts = {
    ...(paid.period ? { period: paid.period } : {}),
    providerSubscriptionId: paid.providerSubscriptionId,
    providerCustomerId: paid.providerCustomerId,
  };
  if (order.status === 'review') return unchanged('held');
  const open =
    order.status === 'waiting' || (order.status === 'cancelled' && order.provider !== 'sandbox');
  if (!open || paid.amountFen === null || paid.amountFen === order.amountFen) {
    return activateOrder(ctx, order, opts);
  }
  await ctx.r.orders.updateOrder(order.orderNo, {
    status: 'review',
    paidAmountFen: paid.amountFen,
    failure: null,
    cancelledAt: null,
    paidAt: ctx.now,
    providerSubscriptionId: paid.providerSubscriptionId ?? order.providerSubscriptionId,
    providerCustomerId: paid.providerCustomerId ?? order.providerCustomerId,
  });
  await ctx.r.orders.setSessionStatus(order.orderNo, 'complete');
  return unchanged('held_amount_differs');
}

const sessionStatusOf: Record<OrderFailure, string> = {
  cancelled: 'cancelled',
  qr_expired: 'expired',
  checkout_expired: 'expired',
  card_declined: 'failed',
  '3ds_failed': 'failed',
  risk_control: 'failed',
  pay_error: 'failed',
};

/** waiting → cancelled, with why. An order that moved on stays as it is. */
export async function cancelOrder(
  ctx: Pick<EventContext, 'r' | 'now'>,
  order: OrderRow,
  failure: OrderFailure,
): Promise<Applied> {
  if (order.status !== 'waiting') return unchanged();
  await ctx.r.orders.updateOrder(order.orderNo, {
    status: 'cancelled',
    failure,
    cancelledAt: ctx.now,
  });
  await ctx.r.orders.setSessionStatus(order.orderNo, sessionStatusOf[failure]);
  return { result: 'applied', effects: [] };
}

/** A paid renewal: one order per provider payment, the period moves on, credits arrive. */
export async function renewSubscription(
  ctx: EventContext,
  sub: SubscriptionRow,
  payment: {
    paymentId: string;
    amountFen: number | null;
    periodStart: Date | null;
    periodEnd: Date | null;
  },
): Promise<Applied> {
  const { r, unit, now } = ctx;
  const cycle = cycleOf(sub.billingCycle);
  const sku = sub.skuId ? await r.billing.findSku(sub.skuId) : undefined;
  const credits = sku?.credits ?? sub.monthlyCredits;
  const periods = sub.periods + 1;
  const start = payment.periodStart ?? sub.endsAt;
  const end = payment.periodEnd ?? periodEnd(start, cycle);
  const order = await r.orders.insertPaymentOrder({
    orderNo: newOrderNo(now),
    userId: sub.userId,
    skuId: sub.skuId ?? '',
    kind: 'membership',
    skuName: sku?.name ?? '',
    grade: sub.grade,
    billCycle: cycle,
    credits,
    amountFen: payment.amountFen ?? sku?.priceFen ?? 0,
    currency: 'CNY',
    reason: 'renewal',
    provider: sub.provider ?? ctx.provider,
    status: 'active',
    subscriptionId: sub.id,
    providerPaymentId: payment.paymentId,
    providerSubscriptionId: sub.providerSubscriptionId,
    providerCustomerId: sub.providerCustomerId,
    createdAt: now,
    paidAt: now,
    activatedAt: now,
  });
  if (!order) return unchanged();
  await r.billing.updateSubscription(sub.id, {
    startsAt: start,
    endsAt: end,
    periods,
    status: 'active',
    monthlyCredits: credits,
    nextCreditAt: nextCreditAfter(start, cycle),
    updatedAt: now,
  });
  if (credits > 0) {
    await unit.grant({
      amount: credits,
      kind: 'subscription',
      source: 'subscription',
      event: 'bills.subscription',
      // A period paid late (a catch-up) brings credits that already expired.
      expiresAt: subscriptionCredits(start > now ? now : start),
      idempotencyKey: `sub:${sub.id}:period:${periods}`,
    });
  }
  return { result: 'renewed', effects: [] };
}

/** Applies what a provider event means. Runs under the user's lock, in one transaction. */
export async function applyAction(ctx: EventContext, action: PaymentAction): Promise<Applied> {
  const { r, now } = ctx;
  switch (action.kind) {
    case 'ignored':
      return unchanged('ignored');
    case 'checkout_paid': {
      const order = await r.orders.lockOrder(action.orderNo);
      if (!order) return unchanged('ignored');
      return payOrder(ctx, order, action);
    }
    case 'checkout_failed': {
      const order = await r.orders.lockOrder(action.orderNo);
      if (!order) return unchanged('ignored');
      return cancelOrder(ctx, order, action.failure);
    }
    case 'period_paid': {
      const sub = await r.billing.lockByProviderId(ctx.provider, action.providerSubscriptionId);
      if (!sub) {
        // The first invoice can arrive before the checkout's own event: it pays the order.
        const order = action.orderNo ? await r.orders.lockOrder(action.orderNo) : undefined;
        if (!order) return unchanged('ignored');
        return payOrder(ctx, order, {
          amountFen: action.amountFen,
          period: { start: action.periodStart, end: action.periodEnd },
          providerSubscriptionId: action.providerSubscriptionId,
          providerCustomerId: action.providerCustomerId,
        });
      }
      if (action.first) {
        // Already activated by the checkout: take the provider's exact period.
        if (action.periodEnd && sub.status === 'active') {
          await r.billing.updateSubscription(sub.id, {
            ...(action.periodStart ? { startsAt: action.periodStart } : {}),
            endsAt: action.periodEnd,
            updatedAt: now,
          });
        }
        return unchanged('period_synced');
      }
      // Paid after the plan lapsed (a retry that succeeded after the grace): the money moved,
      // so the period it paid for is honoured.
      return renewSubscription(ctx, sub, action);
    }
    case 'period_failed': {
      const sub = await r.billing.lockByProviderId(ctx.provider, action.providerSubscriptionId);
      if (!sub) {
        const order = action.orderNo ? await r.orders.lockOrder(action.orderNo) : undefined;
        return order ? cancelOrder(ctx, order, 'pay_error') : unchanged('ignored');
      }
      if (action.first || sub.status !== 'active') return unchanged();
      await r.billing.updateSubscription(sub.id, { status: 'past_due', updatedAt: now });
      return {
        result: 'past_due',
        effects: [
          {
            kind: 'renewal_failed',
            userId: sub.userId,
            grade: sub.grade,
            cycle: cycleOf(sub.billingCycle),
            endsAt: sub.endsAt,
          },
        ],
      };
    }
    case 'subscription_ended': {
      const sub = await r.billing.lockByProviderId(ctx.provider, action.providerSubscriptionId);
      if (!sub) {
        // Ended before we saw it paid: remembered on the order, applied at activation.
        const order = action.orderNo ? await r.orders.lockOrder(action.orderNo) : undefined;
        if (!order) return unchanged('ignored');
        await r.orders.updateOrder(order.orderNo, { providerEndedAt: action.endedAt });
        return unchanged('recorded');
      }
      if (sub.status === 'ended') return unchanged();
      await r.billing.updateSubscription(sub.id, {
        status: 'ended',
        cancelledAt: action.endedAt < sub.endsAt ? action.endedAt : sub.cancelledAt,
        updatedAt: now,
      });
      return unchanged('ended');
    }
  }
}

import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import {
  CURRENCY,
  type CreateOrderBody,
  type CreateOrderResult,
  type Order,
  type OrderFailure,
  type PaymentProvider as ProviderName,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/i18n/translate';
import type { LedgerService } from '../credits/ledger.service';
import type { CatalogueService } from './catalogue.service';
import type { OrderRow } from './orders.schema';
import { applyAction, cancelOrder } from './payment-events';
import type { PaymentFollowUp } from './payment-follow-up';
import {
  RISK_MAX_WAITING,
  RISK_WINDOW_MS,
  discounted,
  failureMessages,
  newOrderNo,
  planDisplayNames,
} from './payment-rules';
import type { PaymentAction, PaymentEvent, PaymentProvider } from './providers/payment-provider';
import type { TradeRepositories, TradeRepositoriesOn } from './trade.repositories';

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type PaymentsDeps = {
  repos: TradeRepositoriesOn;
  root: TradeRepositories;
  ledger: LedgerService;
  catalogue: CatalogueService;
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  /** Null: this server takes no payments unless the buyer names a configured provider. */
  defaultProvider: ProviderName | null;
  /** Percent off an order for this user and SKU (the best discount that applies). */
  discountFor(userId: number, sku: { kind: string; billCycle: string | null }): Promise<number>;
  emailOf(userId: number): Promise<string | null>;
  followUp: PaymentFollowUp;
  clock: Clock;
  publicUrl: string;
  logger: Logger;
};

/** Where the payer lands after a checkout: the web app's result page, which polls the order. */
export const returnUrl = (orderNo: string) => `/pay/result?order_no=${encodeURIComponent(orderNo)}`;

export function orderDetail(lang: Language, row: OrderRow): string {
  const plan = planDisplayNames[row.grade] ?? row.skuName;
  if (row.kind === 'topup') return translate(lang, 'orders.topup', { credits: row.credits });
  if (row.reason === 'renewal') return translate(lang, 'orders.renewal', { plan });
  return translate(
    lang,
    row.billCycle === 'year' ? 'orders.membershipYear' : 'orders.membershipMonth',
    { plan },
  );
}

export function failureMessage(lang: Language, failure: string | null): string | null {
  return failure
    ? translate(lang, failureMessages[failure as OrderFailure] ?? 'payment.payError')
    : null;
}

export function toOrder(lang: Language, row: OrderRow): Order {
  return {
    order_no: row.orderNo,
    status: row.status as Order['status'],
    type: row.kind === 'topup' ? 'topup' : 'membership',
    sku_id: row.skuId,
    sku_name: row.skuName,
    amount_fen: row.amountFen,
    currency: CURRENCY,
    detail: orderDetail(lang, row),
    provider: row.provider as ProviderName,
    failure: (row.failure as OrderFailure | null) ?? null,
    failure_msg: failureMessage(lang, row.failure),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    activated_at: row.activatedAt?.toISOString() ?? null,
  };
}

/** Orders, checkouts and provider events: the order state machine's entry points. */
export function createPaymentsService(deps: PaymentsDeps) {
  const { root, ledger, clock } = deps;

  function providerOf(name: ProviderName): PaymentProvider {
    const provider = deps.providers[name];
    if (!provider) {
      throw new AppError(ErrorCode.invalidParams, 'payment.providerUnavailable', {
        provider: name === 'stripe' ? 'Stripe' : name,
      });
    }
    return provider;
  }

  /** Whose event this is: the user of its order or subscription at this provider. */
  async function userOf(provider: ProviderName, action: PaymentAction): Promise<number | null> {
    if (action.kind === 'ignored') return null;
    if ('providerSubscriptionId' in action && action.providerSubscriptionId) {
      const sub = await root.billing.findByProviderId(provider, action.providerSubscriptionId);
      if (sub) return sub.userId;
    }
    const order = action.orderNo ? await root.orders.findOrder(action.orderNo) : undefined;
    return order && order.provider === provider ? order.userId : null;
  }

  async function applyEvent(provider: ProviderName, event: PaymentEvent) {
    const now = clock.now();
    const userId = await userOf(provider, event.action);
    const orderNo = 'orderNo' in event.action ? event.action.orderNo : null;
    const record = { provider, eventId: event.id, type: event.type, orderNo, receivedAt: now };
    if (userId === null) {
      const fresh = await root.orders.recordEvent({ ...record, result: 'ignored' });
      return { received: true, duplicate: !fresh };
    }
    const outcome = await ledger.transact(userId, async (unit) => {
      const r = deps.repos(unit.tx);
      // The event's row commits with its effects: a replay finds it, a failure leaves none.
      if (!(await r.orders.recordEvent({ ...record, result: 'pending' }))) return null;
      const applied = await applyAction({ r, unit, now, provider }, event.action);
      await r.orders.setEventResult(provider, event.id, applied.result);
      return applied;
    });
    if (outcome?.result === 'held_amount_differs') {
      deps.logger.warn(
        { event: event.id, order: orderNo },
        'a payment of another amount than its order is held for review',
      );
    }
    if (outcome) await deps.followUp(provider, outcome, event.id);
    return { received: true, duplicate: outcome === null };
  }

  async function receiveWebhook(provider: ProviderName, rawBody: string, signature?: string) {
    const event = providerOf(provider).parseEvent(rawBody, signature, clock.now());
    return applyEvent(provider, event);
  }

  async function getOwnOrder(userId: number, orderNo: string): Promise<OrderRow> {
    const order = await root.orders.findOrder(orderNo);
    if (!order || order.userId !== userId) {
      throw new AppError(ErrorCode.notFound, 'payment.orderNotFound');
    }
    return order;
  }

  return {
    receiveWebhook,

    async createOrder(userId: number, body: CreateOrderBody): Promise<CreateOrderResult> {
      const now = clock.now();
      const sku = await deps.catalogue.getActiveSku(body.sku_id);
      const name = body.provider ?? deps.defaultProvider;
      if (!name) throw new AppError(ErrorCode.invalidParams, 'payment.unavailable');
      const provider = providerOf(name);
      if (sku.kind === 'membership' && (await root.billing.findRunningPurchase(userId, now))) {
        throw new AppError(ErrorCode.conflict, 'payment.alreadySubscribed');
      }
      const waiting = await root.orders.countWaitingSince(
        userId,
        new Date(now.getTime() - RISK_WINDOW_MS),
      );
      if (waiting >= RISK_MAX_WAITING) {
        throw new AppError(ErrorCode.tooManyRequests, 'payment.riskControl');
      }
      const discount = await deps.discountFor(userId, sku);
      const amount = discounted(sku.priceFen, discount);
      const order = await root.orders.insertOrder({
        orderNo: newOrderNo(now),
        userId,
        skuId: sku.id,
        kind: sku.kind,
        skuName: sku.name,
        grade: sku.grade,
        billCycle: sku.billCycle,
        credits: sku.credits,
        amountFen: amount,
        discount,
        currency: CURRENCY,
        reason: 'purchase',
        provider: provider.name,
        status: 'waiting',
        createdAt: now,
      });
      const previous = await root.billing.findLatestPurchase(userId);
      if (provider.name === 'stripe' && sku.kind === 'membership') {
        // Re-subscribing by hand after a failed renewal: stop the lapsed one from retrying.
        for (const lapsed of await root.billing.pastDueStripe(userId)) {
          await provider.cancelNow(lapsed.providerSubscriptionId!);
          await root.billing.updateSubscription(lapsed.id, { status: 'ended', updatedAt: now });
        }
      }
      try {
        const session = await provider.createCheckout({
          order,
          sku,
          customer: {
            userId,
            email: await deps.emailOf(userId),
            providerCustomerId:
              previous?.provider === provider.name ? previous.providerCustomerId : null,
          },
          successUrl: `${deps.publicUrl}${returnUrl(order.orderNo)}`,
          cancelUrl: `${deps.publicUrl}${returnUrl(order.orderNo)}`,
          now,
        });
        await root.orders.insertSession({
          id: session.sessionId,
          orderNo: order.orderNo,
          provider: provider.name,
          status: 'open',
          url: session.url,
          expiresAt: session.expiresAt,
          createdAt: now,
        });
        return {
          order_no: order.orderNo,
          checkout_url: session.url,
          session_id: session.sessionId,
        };
      } catch (err) {
        await root.orders.updateOrder(order.orderNo, {
          status: 'cancelled',
          failure: 'pay_error',
          cancelledAt: now,
        });
        throw err;
      }
    },

    async listOrders(userId: number, lang: Language, q: { pageNum: number; pageSize: number }) {
      const { rows, total } = await root.orders.listOrders(
        userId,
        (q.pageNum - 1) * q.pageSize,
        q.pageSize,
      );
      return { total, list: rows.map((r) => toOrder(lang, r)) };
    },

    async getOrder(userId: number, lang: Language, orderNo: string): Promise<Order> {
      return toOrder(lang, await getOwnOrder(userId, orderNo));
    },

    /**
     * Gives up orders whose checkout window closed unpaid (the payer never came back): spec §4
     * waiting → cancelled, shown in the history as an expired checkout. Each order is locked
     * and checked again, so a payment that lands at the same moment wins or is refused whole,
     * never both.
     */
    async expireCheckouts(now: Date, batch = 200): Promise<number> {
      const due = await root.orders.expiredSessions(now, batch);
      for (const { order } of due) {
        await ledger.transact(order.userId, async (unit) => {
          const r = deps.repos(unit.tx);
          const locked = await r.orders.lockOrder(order.orderNo);
          if (locked) await cancelOrder({ r, now }, locked, 'checkout_expired');
        });
      }
      return due.length;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

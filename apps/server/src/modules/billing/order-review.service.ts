import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import type {
  AdminOrder,
  AdminOrderList,
  PaymentProvider as ProviderName,
  ReviewAction,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { LedgerService } from '../credits/ledger.service';
import type { OrderRow } from './orders.schema';
import { activateOrder } from './payment-events';
import type { PaymentFollowUp } from './payment-follow-up';
import { toOrder } from './payments.service';
import type { PaymentProvider } from './providers/payment-provider';
import type { TradeRepositories, TradeRepositoriesOn } from './trade.repositories';

export function toAdminOrder(lang: Language, row: OrderRow): AdminOrder {
  return { ...toOrder(lang, row), user_id: row.userId, paid_amount_fen: row.paidAmountFen };
}

/**
 * Orders a provider reported paid with another amount than theirs: held (status review) until
 * an admin accepts or cancels them. Decision 0010.
 */
export function createOrderReviewService(deps: {
  repos: TradeRepositoriesOn;
  root: TradeRepositories;
  ledger: LedgerService;
  providers: Partial<Record<ProviderName, PaymentProvider>>;
  followUp: PaymentFollowUp;
  clock: Clock;
}) {
  const { root, clock } = deps;
  const notInReview = () => new AppError(ErrorCode.conflict, 'payment.notInReview');

  return {
    /** Oldest first: the longest-waiting buyer is looked at first. */
    async listInReview(
      lang: Language,
      q: { pageNum: number; pageSize: number },
    ): Promise<AdminOrderList> {
      const { rows, total } = await root.orders.listInReview(
        (q.pageNum - 1) * q.pageSize,
        q.pageSize,
      );
      return { total, list: rows.map((r) => toAdminOrder(lang, r)) };
    },

    /**
     * `accept` grants what the order bought as if the amount had matched; `cancel` grants
     * nothing and stops a provider subscription it started (a refund is made at the provider).
     * An order not in review is refused and left as it is.
     */
    async resolve(orderNo: string, action: ReviewAction, lang: Language): Promise<AdminOrder> {
      const found = await root.orders.findOrder(orderNo);
      if (!found) throw new AppError(ErrorCode.notFound, 'payment.orderNotFound');
      if (found.status !== 'review') throw notInReview();
      const provider = found.provider as ProviderName;
      if (action === 'cancel' && found.providerSubscriptionId) {
        const running = deps.providers[provider];
        if (!running) {
          throw new AppError(ErrorCode.invalidParams, 'payment.providerUnavailable', {
            provider: provider === 'stripe' ? 'Stripe' : provider,
          });
        }
        // Before the order changes, so a provider failure leaves it in review for another try.
        await running.cancelNow(found.providerSubscriptionId);
      }
      const now = clock.now();
      const applied = await deps.ledger.transact(found.userId, async (unit) => {
        const r = deps.repos(unit.tx);
        const order = await r.orders.lockOrder(orderNo);
        if (order?.status !== 'review') throw notInReview();
        if (action === 'accept') return activateOrder({ r, unit, now, provider }, order);
        await r.orders.updateOrder(orderNo, {
          status: 'cancelled',
          failure: 'risk_control',
          cancelledAt: now,
        });
        return null;
      });
      if (applied) await deps.followUp(provider, applied, `review:${orderNo}`);
      return toAdminOrder(lang, (await root.orders.findOrder(orderNo)) ?? found);
    },
  };
}

export type OrderReviewService = ReturnType<typeof createOrderReviewService>;

import { ErrorCode } from '@lumen/contracts/error-codes';
import type { Language } from '@lumen/contracts/i18n';
import {
  CURRENCY,
  type Order,
  type OrderFailure,
  type SandboxCheckout,
  type SandboxOutcome,
  type SandboxOutcomeResult,
} from '@lumen/contracts/trade';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { failureMessage, returnUrl, type PaymentsService } from './payments.service';
import type { SandboxProvider } from './providers/sandbox-provider';
import type { TradeRepositories } from './trade.repositories';

/**
 * The sandbox provider's hosted checkout page: what it shows, and the payer's choice, which
 * becomes a signed event delivered through the same webhook handler a real provider uses.
 * Choosing "pay" here is all it takes to be paid, so only the order's owner may see or settle
 * a checkout, and only while the sandbox runs.
 */
export function createSandboxCheckoutService(deps: {
  root: TradeRepositories;
  sandbox: SandboxProvider;
  /** Off (production unless asked for): sandbox checkouts, old ones too, cannot be settled. */
  enabled: boolean;
  payments: Pick<PaymentsService, 'receiveWebhook'>;
  clock: Clock;
}) {
  const { root, clock } = deps;

  async function find(userId: number, sessionId: string) {
    if (!deps.enabled) {
      throw new AppError(ErrorCode.invalidParams, 'payment.providerUnavailable', {
        provider: 'sandbox',
      });
    }
    const session = await root.orders.findSession(sessionId);
    const order = session && (await root.orders.findOrder(session.orderNo));
    // Someone else's checkout answers as a missing one: its id tells nothing.
    if (!session || !order || session.provider !== 'sandbox' || order.userId !== userId) {
      throw new AppError(ErrorCode.notFound, 'errors.notFound');
    }
    return { session, order };
  }

  return {
    async view(userId: number, sessionId: string): Promise<SandboxCheckout> {
      const { session, order } = await find(userId, sessionId);
      const expired = session.status === 'open' && session.expiresAt <= clock.now();
      return {
        session_id: session.id,
        order_no: order.orderNo,
        sku_name: order.skuName,
        amount_fen: order.amountFen,
        currency: CURRENCY,
        status: expired ? 'expired' : (session.status as SandboxCheckout['status']),
        expires_at: session.expiresAt.toISOString(),
        return_url: returnUrl(order.orderNo),
      };
    },

    /**
     * The payer's choice. An open checkout past its expiry settles as QR expired; a finished
     * one takes no other outcome, and paying it again is delivered and changes nothing.
     */
    async settle(
      userId: number,
      sessionId: string,
      outcome: SandboxOutcome,
      lang: Language,
    ): Promise<SandboxOutcomeResult> {
      const { session, order } = await find(userId, sessionId);
      const now = clock.now();
      const open = session.status === 'open';
      if (open || (session.status === 'complete' && outcome === 'pay')) {
        const effective: SandboxOutcome = open && session.expiresAt <= now ? 'qr_expired' : outcome;
        const signed = deps.sandbox.buildEvent(
          {
            id: session.id,
            orderNo: order.orderNo,
            amountFen: order.amountFen,
            currency: CURRENCY,
          },
          effective,
          now,
        );
        await deps.payments.receiveWebhook('sandbox', signed.body, signed.signature);
      }
      const after = (await root.orders.findOrder(order.orderNo)) ?? order;
      return {
        order_no: after.orderNo,
        status: after.status as Order['status'],
        failure: (after.failure as OrderFailure | null) ?? null,
        failure_msg: failureMessage(lang, after.failure),
        return_url: returnUrl(after.orderNo),
      };
    },
  };
}

export type SandboxCheckoutService = ReturnType<typeof createSandboxCheckoutService>;

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
 */
export function createSandboxCheckoutService(deps: {
  root: TradeRepositories;
  sandbox: SandboxProvider;
  payments: Pick<PaymentsService, 'receiveWebhook'>;
  clock: Clock;
}) {
  const { root, clock } = deps;

  async function find(sessionId: string) {
    const session = await root.orders.findSession(sessionId);
    const order = session && (await root.orders.findOrder(session.orderNo));
    if (!session || !order || session.provider !== 'sandbox') {
      throw new AppError(ErrorCode.notFound, 'errors.notFound');
    }
    return { session, order };
  }

  return {
    async view(sessionId: string): Promise<SandboxCheckout> {
      const { session, order } = await find(sessionId);
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
      sessionId: string,
      outcome: SandboxOutcome,
      lang: Language,
    ): Promise<SandboxOutcomeResult> {
      const { session, order } = await find(sessionId);
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

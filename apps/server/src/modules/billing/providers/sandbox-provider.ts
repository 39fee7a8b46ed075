import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { OrderFailure, SandboxOutcome } from '@lumen/contracts/trade';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { CHECKOUT_TTL_MS } from '../payment-rules';
import type { PaymentEvent, PaymentProvider } from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'lumen-signature';
type SandboxFailure = Extract<
  OrderFailure,
  'cancelled' | 'card_declined' | '3ds_failed' | 'qr_expired'
>;
/** Events older or newer than this are refused, so a captured one cannot be replayed later. */
const TOLERANCE_S = 300;

const outcomeFailures: Record<Exclude<SandboxOutcome, 'pay'>, SandboxFailure> = {
  cancel: 'cancelled',
  card_declined: 'card_declined',
  '3ds_failed': '3ds_failed',
  qr_expired: 'qr_expired',
};

const sandboxEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['checkout.completed', 'checkout.failed']),
  created: z.number().int(),
  data: z.object({
    session_id: z.string(),
    order_no: z.string(),
    amount_fen: z.number().int(),
    currency: z.string(),
    failure: z.enum(['cancelled', 'card_declined', '3ds_failed', 'qr_expired']).optional(),
  }),
});
type SandboxEvent = z.infer<typeof sandboxEventSchema>;

function bad(): AppError {
  return new AppError(ErrorCode.invalidParams, 'payment.badSignature', {}, undefined, 400);
}

/**
 * The default provider: a hosted checkout page served by this app. Its outcome becomes an
 * event signed with a secret (HMAC-SHA256 over `timestamp.body`, like Stripe's scheme) and
 * delivered through the same webhook path a real provider uses.
 */
export function createSandboxProvider(deps: { secret: string }) {
  const sign = (body: string, at: number) =>
    createHmac('sha256', deps.secret).update(`${at}.${body}`).digest('hex');

  const provider: PaymentProvider & {
    buildEvent(
      session: { id: string; orderNo: string; amountFen: number; currency: string },
      outcome: SandboxOutcome,
      now: Date,
    ): { body: string; signature: string };
  } = {
    name: 'sandbox',

    async createCheckout({ now }) {
      const sessionId = `cs_sandbox_${randomBytes(16).toString('hex')}`;
      return {
        sessionId,
        url: `/pay/checkout/${sessionId}`,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      };
    },

    /** The event the hosted page sends for the payer's choice, signed. */
    buildEvent(session, outcome, now) {
      const created = Math.floor(now.getTime() / 1000);
      const event: SandboxEvent = {
        id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
        type: outcome === 'pay' ? 'checkout.completed' : 'checkout.failed',
        created,
        data: {
          session_id: session.id,
          order_no: session.orderNo,
          amount_fen: session.amountFen,
          currency: session.currency,
          ...(outcome === 'pay' ? {} : { failure: outcomeFailures[outcome] }),
        },
      };
      const body = JSON.stringify(event);
      return { body, signature: `t=${created},v1=${sign(body, created)}` };
    },

    parseEvent(rawBody, signature, now): PaymentEvent {
      const parts = new Map(
        (signature ?? '').split(',').map((p) => {
          const [k, ...v] = p.trim().split('=');
          return [k ?? '', v.join('=')] as const;
        }),
      );
      const at = Number(parts.get('t'));
      const given = Buffer.from(parts.get('v1') ?? '', 'hex');
      const expected = Buffer.from(sign(rawBody, at), 'hex');
      if (!Number.isInteger(at) || given.length !== expected.length) throw bad();
      if (!timingSafeEqual(given, expected)) throw bad();
      if (Math.abs(now.getTime() / 1000 - at) > TOLERANCE_S) throw bad();
      let parsed: SandboxEvent;
      try {
        parsed = sandboxEventSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new AppError(ErrorCode.invalidParams, 'payment.invalidParams');
      }
      const { data } = parsed;
      return {
        id: parsed.id,
        type: parsed.type,
        action:
          parsed.type === 'checkout.completed'
            ? {
                kind: 'checkout_paid',
                orderNo: data.order_no,
                amountFen: data.amount_fen,
                currency: data.currency,
                providerSubscriptionId: null,
                providerCustomerId: null,
              }
            : {
                kind: 'checkout_failed',
                orderNo: data.order_no,
                failure: data.failure ?? 'pay_error',
              },
      };
    },

    // Sandbox subscriptions live only here: cancelling, resuming and renewing are local.
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
    async portalUrl() {
      return null;
    },
  };
  return provider;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;

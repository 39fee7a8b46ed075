import type { OrderFailure, PaymentProvider as ProviderName } from '@lumen/contracts/trade';
import type { SkuRow, SubscriptionRow } from '../billing.schema';
import type { OrderRow } from '../orders.schema';

export type CheckoutInput = {
  order: OrderRow;
  sku: SkuRow;
  customer: { userId: number; email: string | null; providerCustomerId: string | null };
  /** Absolute URLs the provider sends the payer back to. */
  successUrl: string;
  cancelUrl: string;
  now: Date;
};

export type CheckoutSession = { sessionId: string; url: string; expiresAt: Date };

/** What a provider event means for us, whatever the provider calls it. */
export type PaymentAction =
  | {
      kind: 'checkout_paid';
      orderNo: string;
      amountFen: number | null;
      currency: string | null;
      providerSubscriptionId: string | null;
      providerCustomerId: string | null;
    }
  | { kind: 'checkout_failed'; orderNo: string; failure: OrderFailure }
  | {
      kind: 'period_paid';
      providerSubscriptionId: string;
      orderNo: string | null;
      /** The provider's id of this payment (a Stripe invoice). */
      paymentId: string;
      /** The subscription's first payment (its checkout), not a renewal. */
      first: boolean;
      periodStart: Date | null;
      periodEnd: Date | null;
      /** Null when the provider does not say. */
      amountFen: number | null;
      providerCustomerId: string | null;
    }
  | {
      kind: 'period_failed';
      providerSubscriptionId: string;
      orderNo: string | null;
      paymentId: string;
      first: boolean;
    }
  | {
      kind: 'subscription_ended';
      providerSubscriptionId: string;
      orderNo: string | null;
      endedAt: Date;
    }
  | { kind: 'ignored' };

export type PaymentEvent = { id: string; type: string; action: PaymentAction };

/** A payment provider: hosted checkout, signed events, and subscription management. */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /** Verifies the signature and reads the event; a bad signature throws a 1001 AppError. */
  parseEvent(rawBody: string, signature: string | undefined, now: Date): PaymentEvent;
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Stops a provider subscription at once (a lapsed one the user replaces by hand). */
  cancelNow(providerSubscriptionId: string): Promise<void>;
  /** Where the payer manages cards and invoices; null when the provider has no such page. */
  portalUrl(subscription: SubscriptionRow, returnUrl: string): Promise<string | null>;
}

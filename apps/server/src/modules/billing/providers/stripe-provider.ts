import { ErrorCode } from '@lumen/contracts/error-codes';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { planDisplayNames } from '../payment-rules';
import type {
  CheckoutInput,
  PaymentAction,
  PaymentEvent,
  PaymentProvider,
} from './payment-provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
};

/** Stripe signs webhook bodies; events outside this window are refused (Stripe's default). */
const TOLERANCE_S = 300;

const idOf = z
  .union([z.string(), z.object({ id: z.string() })])
  .transform((v) => (typeof v === 'string' ? v : v.id));
const metadata = z.record(z.string(), z.string()).nullish();

const sessionSchema = z.object({
  id: z.string(),
  mode: z.string().nullish(),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  metadata,
  subscription: idOf.nullish(),
  customer: idOf.nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
});

const invoiceSchema = z.object({
  id: z.string(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().int().nullish(),
  customer: idOf.nullish(),
  /** Older API versions name the subscription on the invoice itself. */
  subscription: idOf.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOf.nullish(), metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          period: z.object({ start: z.number(), end: z.number() }).nullish(),
          metadata,
        }),
      ),
    })
    .nullish(),
});

const subscriptionSchema = z.object({
  id: z.string(),
  metadata,
  ended_at: z.number().nullish(),
  canceled_at: z.number().nullish(),
});

const seconds = (s: number) => new Date(s * 1000);

/** Reads the events we act on into what they mean; everything else is ignored. */
export function actionOfStripeEvent(event: Stripe.Event): PaymentAction {
  const object: unknown = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = sessionSchema.parse(object);
      const orderNo = s.client_reference_id ?? s.metadata?.order_no;
      // Delayed payment methods complete the session unpaid; their own event follows.
      if (!orderNo || s.payment_status === 'unpaid') return { kind: 'ignored' };
      return {
        kind: 'checkout_paid',
        orderNo,
        amountFen: s.amount_total ?? null,
        currency: s.currency?.toUpperCase() ?? null,
        providerSubscriptionId: s.subscription ?? null,
        providerCustomerId: s.customer ?? null,
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = sessionSchema.parse(object);
      const orderNo = s.client_reference_id ?? s.metadata?.order_no;
      if (!orderNo) return { kind: 'ignored' };
      return {
        kind: 'checkout_failed',
        orderNo,
        failure: event.type === 'checkout.session.expired' ? 'checkout_expired' : 'pay_error',
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = invoiceSchema.parse(object);
      const details = inv.parent?.subscription_details;
      const subscriptionId = details?.subscription ?? inv.subscription;
      if (!subscriptionId) return { kind: 'ignored' };
      const line = inv.lines?.data[0];
      const orderNo = details?.metadata?.order_no ?? line?.metadata?.order_no ?? null;
      const first = inv.billing_reason === 'subscription_create';
      if (event.type === 'invoice.payment_failed') {
        return {
          kind: 'period_failed',
          providerSubscriptionId: subscriptionId,
          orderNo,
          paymentId: inv.id,
          first,
        };
      }
      return {
        kind: 'period_paid',
        providerSubscriptionId: subscriptionId,
        orderNo,
        paymentId: inv.id,
        first,
        periodStart: line?.period ? seconds(line.period.start) : null,
        periodEnd: line?.period ? seconds(line.period.end) : null,
        amountFen: inv.amount_paid ?? null,
        providerCustomerId: inv.customer ?? null,
      };
    }
    case 'customer.subscription.deleted': {
      const sub = subscriptionSchema.parse(object);
      return {
        kind: 'subscription_ended',
        providerSubscriptionId: sub.id,
        orderNo: sub.metadata?.order_no ?? null,
        endedAt: seconds(sub.ended_at ?? sub.canceled_at ?? event.created),
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** A provider API failure as the §8 message: our request was wrong, or Stripe failed. */
function asAppError(err: unknown): AppError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    return new AppError(ErrorCode.invalidParams, 'payment.invalidParams', {}, undefined, 400, {
      cause: err,
    });
  }
  return new AppError(ErrorCode.serviceUnavailable, 'payment.payError', {}, undefined, undefined, {
    cause: err,
  });
}

/**
 * Stripe Checkout: one-off payments for top-ups, subscription mode for plans, the customer
 * portal, and the webhooks checkout.session.completed, invoice.paid, invoice.payment_failed
 * and customer.subscription.deleted. Each SKU may name a Stripe Price; without one the
 * checkout builds the price from the SKU (CNY fen, Stripe's smallest unit for CNY).
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  const coupons = new Set<string>();

  async function couponFor(percentOff: number): Promise<string> {
    const id = `lumen-${percentOff}-off-once`;
    if (coupons.has(id)) return id;
    try {
      await stripe.coupons.retrieve(id);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError) || err.statusCode !== 404)
        throw err;
      await stripe.coupons.create({ id, percent_off: percentOff, duration: 'once' });
    }
    coupons.add(id);
    return id;
  }

  function lineItem({ order, sku }: CheckoutInput): Stripe.Checkout.SessionCreateParams.LineItem {
    const membership = order.kind === 'membership';
    // A plan keeps its full price and takes a one-time coupon, so renewals are full price.
    if (sku.stripePriceId && (membership || order.discount === 0)) {
      return { price: sku.stripePriceId, quantity: 1 };
    }
    const name = membership
      ? `Lumen ${planDisplayNames[sku.grade] ?? sku.name} (${sku.billCycle === 'year' ? 'yearly' : 'monthly'})`
      : `Lumen ${sku.credits} credits`;
    return {
      quantity: 1,
      price_data: {
        currency: 'cny',
        unit_amount: membership ? sku.priceFen : order.amountFen,
        product_data: { name },
        ...(membership && sku.billCycle ? { recurring: { interval: sku.billCycle } } : {}),
      },
    };
  }

  return {
    name: 'stripe',

    async createCheckout(input) {
      const { order, customer } = input;
      const meta = { order_no: order.orderNo, user_id: String(customer.userId) };
      const membership = order.kind === 'membership';
      try {
        const session = await stripe.checkout.sessions.create({
          mode: membership ? 'subscription' : 'payment',
          line_items: [lineItem(input)],
          client_reference_id: order.orderNo,
          metadata: meta,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(customer.providerCustomerId
            ? { customer: customer.providerCustomerId }
            : customer.email
              ? { customer_email: customer.email }
              : {}),
          ...(membership
            ? { subscription_data: { metadata: meta } }
            : { payment_intent_data: { metadata: meta } }),
          ...(membership && order.discount > 0
            ? { discounts: [{ coupon: await couponFor(order.discount) }] }
            : {}),
        });
        if (!session.url) throw new Error('Stripe returned a checkout session without a url');
        return {
          sessionId: session.id,
          url: session.url,
          expiresAt: seconds(session.expires_at),
        };
      } catch (err) {
        throw asAppError(err);
      }
    },

    parseEvent(rawBody, signature, now): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          settings.webhookSecret,
          TOLERANCE_S,
          undefined,
          Math.floor(now.getTime() / 1000),
        );
      } catch {
        throw new AppError(ErrorCode.invalidParams, 'payment.badSignature', {}, undefined, 400);
      }
      try {
        return { id: event.id, type: event.type, action: actionOfStripeEvent(event) };
      } catch {
        throw new AppError(ErrorCode.invalidParams, 'payment.invalidParams');
      }
    },

    async setCancelAtPeriodEnd(subscription, cancel) {
      if (!subscription.providerSubscriptionId) return;
      try {
        await stripe.subscriptions.update(subscription.providerSubscriptionId, {
          cancel_at_period_end: cancel,
        });
      } catch (err) {
        throw asAppError(err);
      }
    },

    async cancelNow(providerSubscriptionId) {
      try {
        await stripe.subscriptions.cancel(providerSubscriptionId);
      } catch (err) {
        throw asAppError(err);
      }
    },

    async portalUrl(subscription, returnUrl) {
      if (!subscription.providerCustomerId) return null;
      try {
        const portal = await stripe.billingPortal.sessions.create({
          customer: subscription.providerCustomerId,
          return_url: returnUrl,
        });
        return portal.url;
      } catch (err) {
        throw asAppError(err);
      }
    },
  };
}

import { z } from 'zod';
import { MAX_PLAN_DAYS } from './plans';
import { isoDateTimeSchema } from './time';

/**
 * Membership and payments (spec §3 orders, invitation, payment info; §4 order, subscription,
 * trial, invitation; §7 skus, fission/invite, operation/discount; §9 constants). Money is
 * integer fen (CNY cents). Decisions: docs/decisions/0010-payments.md.
 */

export const CURRENCY = 'CNY';

export const paymentProviders = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
export const paymentProviderSchema = z.enum(paymentProviders);

export const skuKinds = ['membership', 'topup'] as const;
export type SkuKind = (typeof skuKinds)[number];
export const billCycles = ['month', 'year'] as const;
export type BillCycle = (typeof billCycles)[number];

/** Membership plans a redeem code or a SKU may give. */
export const planKeys = ['basic', 'plus', 'pro'] as const;
export type PlanKey = (typeof planKeys)[number];
export const planGrades: Record<PlanKey, 1 | 2 | 3> = { basic: 1, plus: 2, pro: 3 };

const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const isoDate = z.string();

// ── Catalogue ────────────────────────────────────────────────────────────────

export const skuRoles = ['general', 'partner'] as const;
export const skusQuerySchema = z.object({
  pageNum,
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
  role: z.enum(skuRoles).default('general'),
});
export type SkusQuery = z.infer<typeof skusQuerySchema>;

export const skuSchema = z.object({
  sku_id: z.string(),
  kind: z.enum(skuKinds),
  /** 'basic', 'plus', 'pro', 'basic-year', 'plus-year', 'pro-year', 'credits-1000', … */
  name: z.string(),
  /** 0–3; 0 for top-ups. */
  grade: z.number().int(),
  bill_cycle: z.enum(billCycles).nullable(),
  price_fen: z.number().int(),
  /** Yearly plans: 12 × the monthly price, before the yearly discount. Otherwise = price_fen. */
  list_price_fen: z.number().int(),
  currency: z.literal(CURRENCY),
  /** Monthly grant for plans, pack size for top-ups. */
  credits: z.number().int(),
  /** Tasks generating at the same time for the plan's grade (1 for top-ups). */
  concurrency: z.number().int(),
  desc: z.string(),
});
export type Sku = z.infer<typeof skuSchema>;

export const skuListSchema = z.object({ total: z.number().int(), list: z.array(skuSchema) });
export type SkuList = z.infer<typeof skuListSchema>;

export const vipPlansQuerySchema = z.object({
  role: z.enum(skuRoles).default('general'),
  website: z.string().max(64).default('lumen'),
});
export const vipPlanSchema = z.object({
  grade: z.number().int(),
  name: z.string(),
  desc: z.string(),
  billCycle: z.enum(billCycles),
  price_fen: z.number().int(),
  credits: z.number().int(),
});
export type VipPlan = z.infer<typeof vipPlanSchema>;
export const vipPlansResultSchema = z.object({ list: z.array(vipPlanSchema) });

export const adminSkuSchema = skuSchema.extend({
  active: z.boolean(),
  /** Stripe Price used for this SKU; null: the checkout builds the price from price_fen. */
  stripe_price_id: z.string().nullable(),
});
export type AdminSku = z.infer<typeof adminSkuSchema>;
export const adminSkuListSchema = z.object({ list: z.array(adminSkuSchema) });
export const adminSkuParamsSchema = z.object({ sku_id: z.string().min(1).max(64) });
export const adminSkuUpdateBodySchema = z
  .object({
    price_fen: z.number().int().min(100).max(100_000_000).optional(),
    credits: z.number().int().min(1).max(10_000_000).optional(),
    desc: z.string().trim().max(500).optional(),
    active: z.boolean().optional(),
    stripe_price_id: z
      .string()
      .trim()
      .regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)')
      .nullable()
      .optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');
export type AdminSkuUpdateBody = z.infer<typeof adminSkuUpdateBodySchema>;

// ── Orders and checkout ──────────────────────────────────────────────────────

/**
 * `review`: the provider reported a payment of another amount than the order's; nothing is
 * granted until an admin accepts (→ active) or cancels it.
 */
export const orderStatuses = ['waiting', 'paid', 'active', 'cancelled', 'review'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderFailures = [
  'cancelled',
  'card_declined',
  '3ds_failed',
  'qr_expired',
  /** The checkout window closed with no payment: the buyer left (spec §4 waiting → cancelled). */
  'checkout_expired',
  'risk_control',
  'pay_error',
] as const;
export type OrderFailure = (typeof orderFailures)[number];

export const createOrderBodySchema = z.object({
  sku_id: z.string().trim().min(1).max(64),
  provider: paymentProviderSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
export const createOrderResultSchema = z.object({
  order_no: z.string(),
  checkout_url: z.string(),
  session_id: z.string(),
});
export type CreateOrderResult = z.infer<typeof createOrderResultSchema>;

export const ordersQuerySchema = z.object({ pageNum, pageSize });
export const orderParamsSchema = z.object({ order_no: z.string().trim().min(1).max(64) });

export const orderSchema = z.object({
  order_no: z.string(),
  status: z.enum(orderStatuses),
  type: z.enum(skuKinds),
  sku_id: z.string(),
  sku_name: z.string(),
  /** What was charged (after any discount). */
  amount_fen: z.number().int(),
  currency: z.literal(CURRENCY),
  /** What was bought, e.g. "Plus (monthly)" or "1000 credits"; renewals say so. */
  detail: z.string(),
  provider: paymentProviderSchema,
  failure: z.enum(orderFailures).nullable(),
  /** The §8 payment message for the failure, in the request's language. */
  failure_msg: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
  activated_at: isoDate.nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.object({ total: z.number().int(), list: z.array(orderSchema) });
export type OrderList = z.infer<typeof orderListSchema>;

/** An order as admins see it: whose it is, and what the provider said was paid. */
export const adminOrderSchema = orderSchema.extend({
  user_id: z.number().int(),
  /** What the provider reported paid, when it differs from `amount_fen` (status review). */
  paid_amount_fen: z.number().int().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderListSchema = z.object({
  total: z.number().int(),
  list: z.array(adminOrderSchema),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
export const adminOrderParamsSchema = orderParamsSchema;
/** `accept`: apply the payment as if its amount matched; `cancel`: grant nothing. */
export const reviewActions = ['accept', 'cancel'] as const;
export type ReviewAction = (typeof reviewActions)[number];
export const adminResolveOrderBodySchema = z.object({ action: z.enum(reviewActions) });

export const checkoutSessionStatuses = [
  'open',
  'complete',
  'expired',
  'cancelled',
  'failed',
] as const;
export type CheckoutSessionStatus = (typeof checkoutSessionStatuses)[number];
export const sandboxSessionParamsSchema = z.object({
  session_id: z.string().trim().min(1).max(64),
});
export const sandboxCheckoutSchema = z.object({
  session_id: z.string(),
  order_no: z.string(),
  sku_name: z.string(),
  amount_fen: z.number().int(),
  currency: z.literal(CURRENCY),
  status: z.enum(checkoutSessionStatuses),
  expires_at: isoDate,
  return_url: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

export const sandboxOutcomes = [
  'pay',
  'cancel',
  'card_declined',
  '3ds_failed',
  'qr_expired',
] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];
export const sandboxOutcomeBodySchema = z.object({ outcome: z.enum(sandboxOutcomes) });
export const sandboxOutcomeResultSchema = z.object({
  order_no: z.string(),
  status: z.enum(orderStatuses),
  failure: z.enum(orderFailures).nullable(),
  failure_msg: z.string().nullable(),
  return_url: z.string(),
});
export type SandboxOutcomeResult = z.infer<typeof sandboxOutcomeResultSchema>;

/** The webhooks answer `{ received: true }` once the event is stored (or was already). */
export const webhookResultSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });

// ── Subscription ─────────────────────────────────────────────────────────────

export const subscriptionStatuses = ['active', 'cancelling', 'past_due', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionSchema = z.object({
  /** Plan name as in the catalogue: 'plus', 'plus-year', … */
  plan: z.string(),
  sku_id: z.string().nullable(),
  grade: z.number().int(),
  bill_cycle: z.enum(billCycles),
  status: z.enum(subscriptionStatuses),
  current_period_start: isoDate,
  current_period_end: isoDate,
  cancel_at_period_end: z.boolean(),
  provider: paymentProviderSchema.nullable(),
  portal_url: z.string().nullable(),
  trial: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResultSchema = subscriptionSchema.nullable();

// ── Trial ────────────────────────────────────────────────────────────────────

export const trialEligibilitySchema = z.object({
  /** The Plus trial may be claimed now. */
  threeDay: z.boolean(),
  /** Percent off the first monthly plan (50 after a trial, until the first paid plan; else 0). */
  fiftyDiscount: z.number().int(),
  hours: z.number().int(),
  credits: z.number().int(),
});
export type TrialEligibility = z.infer<typeof trialEligibilitySchema>;
export const trialClaimResultSchema = z.object({
  grade: z.number().int(),
  credits: z.number().int(),
  expires_at: isoDate,
});
export type TrialClaimResult = z.infer<typeof trialClaimResultSchema>;

// ── Invitations and discounts ────────────────────────────────────────────────

export const inviteParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const inviteInfoSchema = z.object({
  role: z.enum(skuRoles),
  /** The inviter's user id. */
  uid: z.number().int(),
  /** Percent off an invitee's first membership: 10, or 20 when the inviter is a partner. */
  discount: z.number().int(),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

export const invitationStatuses = ['pending', 'activated'] as const;
export const invitationsResultSchema = z.object({
  invite_code: z.string(),
  invite_url: z.string(),
  discount: z.number().int(),
  /** The reward bucket's balance now. */
  redeemable_points: z.number().int(),
  /** Every reward point ever issued for invitations. */
  total_points: z.number().int(),
  /** Reward points issued and since spent. */
  used_points: z.number().int(),
  list: z.array(
    z.object({
      /** Masked nickname, e.g. "ma***ia". */
      invitee: z.string(),
      /** When the invitee signed up. */
      date: isoDate,
      status: z.enum(invitationStatuses),
      /** Points for this invitee: issued, or due at the next daily issue; 0 while pending. */
      reward_points: z.number().int(),
    }),
  ),
});
export type Invitations = z.infer<typeof invitationsResultSchema>;

export const operationDiscountSchema = z.object({ discount: z.number().int() });

/** How this server takes payments; public, read once by the web app. */
export const paymentConfigSchema = z.object({
  /** Where new orders go; null: this server takes no payments. */
  provider: paymentProviderSchema.nullable(),
  /** Payments are simulated (the sandbox) on a production server: every page says so. */
  test_payments: z.boolean(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ── Redeem codes ─────────────────────────────────────────────────────────────

export const redeemBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((s) => s.toUpperCase()),
});
export const redeemResultSchema = z.object({
  kind: z.enum(['credits', 'plan']),
  credits: z.number().int(),
  grade: z.number().int(),
  days: z.number().int(),
  /** When the credits (credits codes) or the plan period (plan codes) end. */
  expires_at: isoDate,
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;

export const adminRedeemBodySchema = z
  .object({
    credits: z.number().int().min(1).max(1_000_000).optional(),
    plan: z.enum(planKeys).optional(),
    days: z.number().int().min(1).max(MAX_PLAN_DAYS).optional(),
    count: z.number().int().min(1).max(1000),
    uses: z.number().int().min(1).max(100_000),
    expires_at: isoDateTimeSchema,
  })
  .refine((b) => (b.credits !== undefined) !== (b.plan !== undefined), {
    message: 'give either credits or plan',
    path: ['credits'],
  })
  .refine((b) => b.plan === undefined || b.days !== undefined, {
    message: 'a plan code needs days',
    path: ['days'],
  });
export type AdminRedeemBody = z.infer<typeof adminRedeemBodySchema>;
export const adminRedeemResultSchema = z.object({
  batch_id: z.number().int(),
  codes: z.array(z.string()),
});
export const adminRedeemBatchSchema = z.object({
  batch_id: z.number().int(),
  kind: z.enum(['credits', 'plan']),
  credits: z.number().int(),
  plan: z.enum(planKeys).nullable(),
  days: z.number().int(),
  count: z.number().int(),
  uses: z.number().int(),
  /** Redemptions across the batch's codes. */
  used: z.number().int(),
  expires_at: isoDate,
  created_at: isoDate,
});
export const adminRedeemBatchListSchema = z.object({ list: z.array(adminRedeemBatchSchema) });

export const adminPartnerBodySchema = z.object({ partner: z.boolean() });
export const adminPartnerResultSchema = z.object({
  user_id: z.number().int(),
  partner: z.boolean(),
  invite_code: z.string(),
});

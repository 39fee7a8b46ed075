import { randomInt } from 'node:crypto';
import type { BillCycle, OrderFailure, PlanKey } from '@lumen/contracts/trade';
import type { MessageKey } from '../../lib/i18n/en';

/** The numbers of membership and payments (docs/decisions/0010-payments.md). */

export const DAY_MS = 24 * 3600_000;
/** A monthly period; a yearly one is 365 days. Stripe periods follow Stripe's calendar. */
export const MONTH_DAYS = 30;
export const YEAR_DAYS = 365;
/** Spec §9 validity: subscription credits 30 days, purchased 2 years, event credits ~1 month. */
export const SUBSCRIPTION_CREDIT_DAYS = 30;
export const PURCHASED_CREDIT_DAYS = 730;
export const REDEEM_CREDIT_DAYS = 30;
/** A cycle shorter than this at the end of a plan gets no monthly grant of its own. */
export const MIN_CYCLE_DAYS = 15;

/** How long a checkout stays payable. */
export const CHECKOUT_TTL_MS = 30 * 60_000;
/** Risk control: this many unpaid orders within the window refuses the next (§8). */
export const RISK_WINDOW_MS = 10 * 60_000;
export const RISK_MAX_WAITING = 5;
/** Redeem codes: failures per user within the window before 1029. */
export const REDEEM_WINDOW_MS = 10 * 60_000;
export const REDEEM_MAX_FAILURES = 5;

/** Spec §9: invite discount 10, or 20 when the inviter is a partner. */
export const INVITE_DISCOUNT = 10;
export const PARTNER_INVITE_DISCOUNT = 20;
/** The "fiftyDiscount" of the pay dialog: first monthly plan after a trial. */
export const AFTER_TRIAL_DISCOUNT = 50;
/** Spec §9: yearly plans are 20% off twelve months. */
export const YEARLY_DISCOUNT = 20;

/** Reward points an inviter earns when the invitee subscribes, by the invitee's grade. */
export const inviteRewardPoints: Record<number, number> = { 1: 100, 2: 300, 3: 600, 4: 600 };

export const planDisplayNames: Record<number, string> = {
  1: 'Basic',
  2: 'Plus',
  3: 'Pro',
  4: 'Pro',
};

export function periodEnd(start: Date, cycle: BillCycle): Date {
  return new Date(start.getTime() + (cycle === 'year' ? YEAR_DAYS : MONTH_DAYS) * DAY_MS);
}

/** Spec §9: operation discount = 100 − 100 × ratio. */
export function operationDiscount(ratio: number): number {
  return Math.max(0, 100 - Math.round(100 * ratio));
}

export function discounted(priceFen: number, percentOff: number): number {
  return Math.round((priceFen * (100 - percentOff)) / 100);
}

/** Whether a monthly grant is due inside a plan running until `endsAt`. */
export function cycleFits(cycleStart: Date, endsAt: Date): boolean {
  return endsAt.getTime() - cycleStart.getTime() >= MIN_CYCLE_DAYS * DAY_MS;
}

/** "maria" → "ma***ia": enough for the inviter to recognise, not to identify. */
export function maskNickname(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return `${chars.join('')}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join('')}***${chars.slice(-2).join('')}`;
}

/** The §8 message of each way a payment can fail. */
export const failureMessages: Record<OrderFailure, MessageKey> = {
  cancelled: 'payment.cancelled',
  card_declined: 'payment.cardDeclined',
  '3ds_failed': 'payment.threeDsFailed',
  qr_expired: 'payment.qrExpired',
  checkout_expired: 'payment.checkoutExpired',
  risk_control: 'payment.riskControl',
  pay_error: 'payment.payError',
};

type SeedSku = {
  id: string;
  kind: 'membership' | 'topup';
  name: string;
  grade: number;
  billCycle: BillCycle | null;
  priceFen: number;
  listPriceFen: number;
  credits: number;
  description: string;
  sortOrder: number;
};

const monthly: Record<PlanKey, { grade: number; price: number; credits: number; desc: string }> = {
  basic: {
    grade: 1,
    price: 3900,
    credits: 1000,
    desc: 'No watermark, 2 image tasks at once, 1000 credits a month',
  },
  plus: {
    grade: 2,
    price: 9900,
    credits: 4000,
    desc: '4 tasks at once, 10 s video, private generation, 4K, all AI tools, 4000 credits a month',
  },
  pro: {
    grade: 3,
    price: 19900,
    credits: 10000,
    desc: 'The fastest queue, 8 video tasks, everything in Plus, 10000 credits a month',
  },
};

const topups = [
  { credits: 500, price: 1600 },
  { credits: 1000, price: 2990 },
  { credits: 3000, price: 8490 },
  { credits: 10000, price: 26900 },
];

/** The catalogue a fresh install starts with; admins change prices and credits later. */
export const defaultSkus: SeedSku[] = [
  ...(Object.entries(monthly) as [PlanKey, (typeof monthly)[PlanKey]][]).flatMap(([key, p]) => [
    {
      id: `${key}-month`,
      kind: 'membership' as const,
      name: key,
      grade: p.grade,
      billCycle: 'month' as const,
      priceFen: p.price,
      listPriceFen: p.price,
      credits: p.credits,
      description: p.desc,
      sortOrder: p.grade,
    },
    {
      id: `${key}-year`,
      kind: 'membership' as const,
      name: `${key}-year`,
      grade: p.grade,
      billCycle: 'year' as const,
      priceFen: discounted(12 * p.price, YEARLY_DISCOUNT),
      listPriceFen: 12 * p.price,
      credits: p.credits,
      description: `${p.desc}; billed yearly, ${YEARLY_DISCOUNT}% off`,
      sortOrder: 10 + p.grade,
    },
  ]),
  ...topups.map((t, i) => ({
    id: `credits-${t.credits}`,
    kind: 'topup' as const,
    name: `credits-${t.credits}`,
    grade: 0,
    billCycle: null,
    priceFen: t.price,
    listPriceFen: t.price,
    credits: t.credits,
    description: `${t.credits} credits, valid for 2 years`,
    sortOrder: 100 + i,
  })),
];

/** "LM20260610200000" + 8 random digits: sortable by time, unguessable enough to show. */
export function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `LM${stamp}${randomInt(10_000_000, 100_000_000)}`;
}

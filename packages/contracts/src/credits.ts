import { z } from 'zod';
import { MAX_PLAN_DAYS } from './plans';
import { taskTypeDefinitions, taskTypeSchema, type TaskType } from './task-types';
import type { CostKind as ToolCostKind } from './tools';

/** Credit buckets (spec §3, §9). Spending takes the bucket that expires first. */
export const creditKinds = ['subscription', 'purchased', 'free', 'reward', 'gift'] as const;
export type CreditKind = (typeof creditKinds)[number];
export const creditKindSchema = z.enum(creditKinds);

/** Ledger entry types (spec §3 record types). */
export const creditEntryTypes = ['purchase', 'gift', 'consumption', 'refund', 'expire'] as const;
export type CreditEntryType = (typeof creditEntryTypes)[number];

/** Per-unit costs (spec §9). */
export const unitCosts = {
  video: 30,
  '3d': 30,
  image: 1,
  character: 1,
  effect: 30,
  lipSync: 100,
} as const satisfies Record<ToolCostKind, number>;
export type CostKind = ToolCostKind;

/** What one unit of a task type costs: its tool's cost kind, or an effect's. */
export function costKindOf(taskType: TaskType, effect: boolean): CostKind {
  return effect ? 'effect' : taskTypeDefinitions[taskType].cost;
}

/** Cost = per-unit cost × count unless a total is given (spec §5). */
export function costOf(input: {
  taskType: TaskType;
  count: number;
  effect: boolean;
  total?: number | undefined;
}) {
  return input.total ?? unitCosts[costKindOf(input.taskType, input.effect)] * input.count;
}

export const accountInfoSchema = z.object({
  grade: z.number().int(),
  plan_name: z.string(),
  plan_ends_at: z.string().nullable(),
  credits: z.number().int(),
  isFreeVip: z.boolean(),
  isYearVip: z.boolean(),
  isPayment: z.boolean(),
  buckets: z.array(
    z.object({
      kind: creditKindSchema,
      credits: z.number().int(),
      expires_at: z.string().nullable(),
    }),
  ),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/**
 * The free-count check (spec §3 session `freeCount`): the free and promotional credits left
 * now, and how many runs of each kind the whole balance still pays for at spec §9's prices.
 */
export const freeCountSchema = z.object({
  freeCount: z.number().int(),
  credits: z.number().int(),
  runs: z.object({
    image: z.number().int(),
    video: z.number().int(),
    three: z.number().int(),
  }),
});
export type FreeCount = z.infer<typeof freeCountSchema>;

export const userPlanSchema = z.object({
  id: z.number().int(),
  grade: z.number().int(),
  plan_name: z.string(),
  source: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  active: z.boolean(),
});

export const billsFilters = ['all', 'consumed', 'purchased', 'free'] as const;
export const billsQuerySchema = z.object({
  filter: z.enum(billsFilters).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const billRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  event: z.string(),
  expiration: z.string().nullable(),
  service: z.string().nullable(),
  credits: z.number().int(),
  type: z.enum(creditEntryTypes),
  kind: creditKindSchema.nullable(),
});
export const billsResultSchema = z.object({
  data: z.array(billRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export const quoteBodySchema = z.object({
  task_type: taskTypeSchema,
  count: z.coerce.number().int().min(1).max(16).default(1),
  total: z.coerce.number().int().min(0).max(1_000_000).optional(),
  effect: z.boolean().default(false),
  credits_required: z.boolean().default(false),
  private: z.boolean().default(false),
  duration: z.coerce.number().int().min(1).max(60).optional(),
  model: z.string().max(64).optional(),
  features: z.array(z.string().max(32)).max(16).default([]),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const quoteResultSchema = z.object({
  cost: z.number().int(),
  allowed: z.boolean(),
  reason_code: z.number().int().nullable(),
  reason: z.string().nullable(),
  estimated_wait_min: z.number().int(),
  mode: z.enum(['standard', 'relaxed']),
  balance: z.number().int(),
});
export type Quote = z.infer<typeof quoteResultSchema>;

export const adminGrantBodySchema = z.object({
  amount: z.number().int().min(1).max(10_000_000),
  kind: creditKindSchema,
  reason: z.string().trim().min(1).max(200),
  idempotency_key: z.string().trim().min(8).max(128),
});
export const adminPlanBodySchema = z.object({
  grade: z.number().int().min(0).max(4),
  days: z.number().int().min(1).max(MAX_PLAN_DAYS),
});

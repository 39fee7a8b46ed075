import { z } from 'zod';

/**
 * Algorithm configuration rows (spec §7 `GET /prod-api/content/algo_config/list`).
 * A row belongs to a set: `effect_set` lists the effect-video templates shown in the studio,
 * `engine_set` says which engine serves each task type. Later features add their own sets.
 */
export const algoSets = ['effect_set', 'engine_set'] as const;
export const clientTypes = ['web', 'h5', 'app'] as const;

export const algoConfigListQuerySchema = z.object({
  algo_set: z.string().trim().min(1).max(64).default('effect_set'),
  client_type: z.enum(clientTypes).default('web'),
});
export type AlgoConfigListQuery = z.infer<typeof algoConfigListQuerySchema>;

export const algoConfigItemSchema = z.object({
  id: z.number().int(),
  algo_set: z.string(),
  key: z.string(),
  name: z.string(),
  task_type: z.string().nullable(),
  engine: z.string().nullable(),
  cover: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  sort: z.number().int(),
});
export type AlgoConfigItem = z.infer<typeof algoConfigItemSchema>;

export const algoConfigListResultSchema = z.object({
  data: z.array(algoConfigItemSchema),
});

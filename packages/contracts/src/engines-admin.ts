import { z } from 'zod';
import { engineRouteSchema } from './engine-settings';
import { engineNameSchema, taskTypeSchema } from './task-types';

/** The engines whose connection is set up on the admin Engines page (the local one has none). */
export const connectableEngines = ['comfyui', 'openai', 'replicate', 'fal'] as const;
export const connectableEngineSchema = z.enum(connectableEngines);
export type ConnectableEngine = z.infer<typeof connectableEngineSchema>;

/**
 * Each engine's connection fields in the order the page shows them. A secret is never sent
 * back in full: the page sees `••••abcd`.
 */
export const connectionFields = {
  comfyui: [{ name: 'url', secret: false }],
  openai: [
    { name: 'baseUrl', secret: false },
    { name: 'apiKey', secret: true },
    { name: 'imageModel', secret: false },
    { name: 'chatModel', secret: false },
  ],
  replicate: [
    { name: 'baseUrl', secret: false },
    { name: 'token', secret: true },
  ],
  fal: [
    { name: 'queueUrl', secret: false },
    { name: 'key', secret: true },
  ],
} as const satisfies Record<ConnectableEngine, readonly { name: string; secret: boolean }[]>;

/** What a masked secret starts with; a value sent back unchanged keeps the stored secret. */
export const MASK_PREFIX = '••••';

export const connectionSourceSchema = z.enum(['env', 'admin', 'none']);
export type ConnectionSource = z.infer<typeof connectionSourceSchema>;

export const engineConnectionViewSchema = z.object({
  engine: connectableEngineSchema,
  /** `env`: set by environment variables, read-only here; `none`: not configured. */
  source: connectionSourceSchema,
  /** Field values with secrets masked; absent fields are unset. */
  fields: z.record(z.string(), z.string()),
  updated_at: z.string().nullable(),
});
export type EngineConnectionView = z.infer<typeof engineConnectionViewSchema>;

const httpUrl = z.url({ protocol: /^https?$/ }).max(500);
/** A secret as typed; `null` clears the stored one, a masked value keeps it. */
const secretInput = z.string().trim().max(500).nullable().optional();
const modelName = z.string().trim().min(1).max(200).optional();

/** `PUT /prod-api/admin/engines/:engine` and the unsaved fields a connection test may try. */
export const engineConnectionBodySchema = z.strictObject({
  url: httpUrl.optional(),
  baseUrl: httpUrl.optional(),
  queueUrl: httpUrl.optional(),
  apiKey: secretInput,
  token: secretInput,
  key: secretInput,
  imageModel: modelName,
  chatModel: modelName,
});
export type EngineConnectionBody = z.infer<typeof engineConnectionBodySchema>;

export const connectionReportSchema = z.object({
  ok: z.boolean(),
  reachable: z.boolean(),
  auth: z.enum(['ok', 'refused', 'unknown']),
  /** What the test found, in words, in the caller's language. */
  details: z.array(z.string()),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;

export const routeStatsSchema = z.object({
  runs: z.number().int(),
  failed: z.number().int(),
  /** failed / runs, 0–1; null without runs. */
  failure_rate: z.number().nullable(),
  median_s: z.number().nullable(),
  p95_s: z.number().nullable(),
});
export type RouteStats = z.infer<typeof routeStatsSchema>;

export const engineRouteViewSchema = z.object({
  task_type: taskTypeSchema,
  engine: engineNameSchema,
  model: z.string().nullable(),
  input: z.record(z.string(), z.unknown()),
  /** Whether "Try it" can run a sample of this task type. */
  can_try: z.boolean(),
  stats: routeStatsSchema,
});
export type EngineRouteView = z.infer<typeof engineRouteViewSchema>;

export const workerViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  engines: z.array(z.string()),
  task_types: z.array(z.string()).nullable(),
  current_tasks: z.array(z.object({ id: z.string(), task_type: z.string() })),
  last_seen_at: z.string(),
  /** Tasks it completed since it was first seen (a worker id names one process). */
  tasks_done: z.number().int(),
});
export type WorkerView = z.infer<typeof workerViewSchema>;

export const queueLaneSchema = z.object({
  lane: z.number().int(),
  queued: z.number().int(),
  oldest_wait_s: z.number().int(),
});
export type QueueLane = z.infer<typeof queueLaneSchema>;

export const engineWarningSchema = z.object({
  kind: z.enum(['no_worker', 'not_configured', 'unreadable']),
  engine: engineNameSchema,
  task_types: z.array(taskTypeSchema),
});
export type EngineWarning = z.infer<typeof engineWarningSchema>;

/** `GET /prod-api/admin/engines`: everything the admin Engines page shows. */
export const enginesOverviewSchema = z.object({
  connections: z.array(engineConnectionViewSchema),
  routes: z.array(engineRouteViewSchema),
  workers: z.array(workerViewSchema),
  queue: z.array(queueLaneSchema),
  warnings: z.array(engineWarningSchema),
});
export type EnginesOverview = z.infer<typeof enginesOverviewSchema>;

/** A fixed input: a scalar, or an array or object of them, small enough to send on every run. */
const fixedInputValue = z.union([
  z.string().max(2000),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])).max(50),
  z
    .record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 50, { message: 'at most 50 keys' }),
]);

/** `PUT /prod-api/admin/engines/routes/:task_type`. */
export const engineRouteBodySchema = z.strictObject({
  engine: engineNameSchema,
  model: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
  input: z
    .record(z.string().min(1).max(64), fixedInputValue)
    .refine((value) => Object.keys(value).length <= 20, { message: 'at most 20 keys' })
    .optional(),
});
export type EngineRouteBody = z.infer<typeof engineRouteBodySchema>;

export const engineRouteSavedSchema = z.object({
  task_type: taskTypeSchema,
  engine: engineNameSchema,
  route: engineRouteSchema,
});

export const tryResultSchema = z.object({ task_id: z.string() });

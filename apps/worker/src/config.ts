import type { EngineConnections } from '@lumen/contracts/engine-settings';
import { engineNameSchema, taskTypeSchema } from '@lumen/contracts/task-types';
import { z } from 'zod';

/**
 * A standalone worker's settings: where the API is, its token, and what it offers to run.
 * The embedded worker inside `npm start` takes the same shape from the server's config.
 */
const workerEnvSchema = z.object({
  WORKER_SERVER_URL: z.url(),
  WORKER_TOKEN: z.string().min(16, 'must be at least 16 characters'),
  WORKER_ENGINES: z
    .string()
    .default('local')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    )
    .pipe(z.array(engineNameSchema).min(1)),
  /**
   * Engines offered besides WORKER_ENGINES once they are configured, here or on the server's
   * Engines page: `hosted` model APIs (the default: they need nothing of this machine), `all`
   * (ComfyUI too; the embedded worker of `npm start`), or `none`.
   */
  WORKER_CONFIGURED_ENGINES: z.enum(['hosted', 'all', 'none']).default('hosted'),
  WORKER_TASK_TYPES: z
    .string()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(taskTypeSchema).min(1).optional()),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** Tasks of hosted model APIs at once, beside the slots above; 0 offers none of them. */
  WORKER_REMOTE_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(8),
  /** Names this worker in its id (`<name>-<pid>`); the machine's host name by default. */
  WORKER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash and underscore, at most 64')
    .optional(),
  COMFYUI_URL: z.url().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  OPENAI_CHAT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_API_URL: z.url().default('https://api.replicate.com'),
  FAL_KEY: z.string().min(1).optional(),
  FAL_QUEUE_URL: z.url().default('https://queue.fal.run'),
});

export type WorkerConfig = z.infer<typeof workerEnvSchema>;

/** The engine connections this worker's own environment sets. */
export function connectionsFromEnv(config: WorkerConfig): EngineConnections {
  return {
    ...(config.COMFYUI_URL ? { comfyui: { url: config.COMFYUI_URL } } : {}),
    ...(config.OPENAI_BASE_URL && config.OPENAI_API_KEY
      ? {
          openai: {
            baseUrl: config.OPENAI_BASE_URL,
            apiKey: config.OPENAI_API_KEY,
            imageModel: config.OPENAI_IMAGE_MODEL,
            chatModel: config.OPENAI_CHAT_MODEL,
          },
        }
      : {}),
    ...(config.REPLICATE_API_TOKEN
      ? { replicate: { baseUrl: config.REPLICATE_API_URL, token: config.REPLICATE_API_TOKEN } }
      : {}),
    ...(config.FAL_KEY ? { fal: { queueUrl: config.FAL_QUEUE_URL, key: config.FAL_KEY } } : {}),
  };
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = workerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

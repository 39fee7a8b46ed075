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
});

export type WorkerConfig = z.infer<typeof workerEnvSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = workerEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

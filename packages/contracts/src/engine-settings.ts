import { z } from 'zod';

/**
 * How a task type is served on its engine: the model (a Replicate `owner/name` or
 * `owner/name:version`, a fal app id, an OpenAI model name, a ComfyUI checkpoint) and inputs
 * sent to that model on every run, over the ones mapped from the user's settings. Stored in
 * the `params` of the task type's `engine_set` row; empty means the engine's default model.
 */
export const engineRouteSchema = z.object({
  model: z.string().trim().min(1).max(200).optional(),
  input: z.record(z.string(), z.unknown()).optional(),
});
export type EngineRoute = z.infer<typeof engineRouteSchema>;

/**
 * The connections of the engines that reach other servers, as a worker needs them to run
 * tasks. Each is present when it is configured: by the environment or on the admin Engines
 * page (stored encrypted, decrypted only for workers that present a worker token).
 */
export const engineConnectionsSchema = z.object({
  comfyui: z.object({ url: z.url() }).optional(),
  openai: z
    .object({
      baseUrl: z.url(),
      apiKey: z.string().min(1),
      imageModel: z.string().min(1),
      chatModel: z.string().min(1),
    })
    .optional(),
  replicate: z.object({ baseUrl: z.url(), token: z.string() }).optional(),
  fal: z.object({ queueUrl: z.url(), key: z.string().min(1) }).optional(),
});
export type EngineConnections = z.infer<typeof engineConnectionsSchema>;

/**
 * `GET /worker/v1/engines`: what a worker builds its engines from. `version` changes whenever
 * a connection changes, so a worker rebuilds its engines only then.
 */
export const workerEngineSettingsSchema = z.object({
  version: z.string(),
  connections: engineConnectionsSchema,
});
export type WorkerEngineSettings = z.infer<typeof workerEngineSettingsSchema>;

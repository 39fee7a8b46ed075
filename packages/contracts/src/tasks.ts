import { z } from 'zod';
import { aspectRatioSchema, videoResolutions } from './generation';
import { outpaintSettingsSchema } from './image-tools';
import { mediaKinds } from './media';
import { MOTION_STRENGTH_MAX } from './vivago';

/** Task states (spec §4) and the gateway's numeric `task_status` for each. */
export const taskStates = [
  'queued',
  'generating',
  'done',
  'failed',
  'cancelled',
  'flagged',
] as const;
export type TaskState = (typeof taskStates)[number];
export const taskStatusCodes: Record<TaskState, number> = {
  queued: 0,
  generating: 2,
  done: 1,
  failed: 3,
  flagged: 4,
  cancelled: 5,
};
export const finalStates: readonly TaskState[] = ['done', 'failed', 'cancelled', 'flagged'];

export const PROMPT_MAX_LENGTH = 2000;

const mediaKey = z.string().trim().min(1).max(300);

/** `params.custom_params` is handed to the engine as it came: small and shallow, or refused. */
export const CUSTOM_PARAMS_MAX_DEPTH = 4;
export const CUSTOM_PARAMS_MAX_BYTES = 4096;

/** Levels of objects and lists in a JSON value: `{}` is 1, `{ a: [1] }` is 2. */
function jsonDepth(value: unknown, limit: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value as Record<string, unknown>)) {
    deepest = Math.max(deepest, jsonDepth(child, limit - 1));
    if (deepest >= limit) break;
  }
  return 1 + deepest;
}

const customParamsSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => jsonDepth(value, CUSTOM_PARAMS_MAX_DEPTH + 1) <= CUSTOM_PARAMS_MAX_DEPTH, {
    message: 'may nest objects and lists at most 4 levels deep',
    abort: true,
  })
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).length <= CUSTOM_PARAMS_MAX_BYTES,
    'must be at most 4096 bytes as JSON',
  );

/**
 * `POST /api/gw/v3/{media}/{module}/async` (the product's async gateway). Unknown fields are
 * ignored, so clients written for the gateway keep working.
 */
export const gatewaySubmitSchema = z.object({
  module: z.string().max(64).optional(),
  prompt: z
    .string()
    .max(PROMPT_MAX_LENGTH * 4)
    .default(''),
  negative_prompt: z.string().max(PROMPT_MAX_LENGTH).default(''),
  // Loose: a tool's own params (`expand`, `preset`, …) pass through to its definition's schema.
  params: z
    .looseObject({
      batch_size: z.coerce.number().int().min(1).max(8).default(1),
      /** `keep`: the input picture's shape (kinds that take one). */
      wh_ratio: z.union([z.literal('keep'), aspectRatioSchema]).optional(),
      seed: z.coerce
        .number()
        .int()
        .min(-1)
        .max(2 ** 32 - 1)
        .default(-1),
      style: z.string().max(32).optional(),
      width: z.coerce.number().int().min(64).max(4096).optional(),
      height: z.coerce.number().int().min(64).max(4096).optional(),
      duration: z.coerce.number().int().min(1).max(30).optional(),
      resolution: z.enum(videoResolutions).optional(),
      fps: z.coerce.number().int().min(8).max(60).optional(),
      /** vivago's scale, 0–10 (see motionStrengthToEngine). */
      motion_strength: z.coerce.number().min(0).max(MOTION_STRENGTH_MAX).optional(),
      strength: z.coerce.number().min(0).max(1).optional(),
      cm_x: z.coerce.number().min(-1).max(1).optional(),
      cm_y: z.coerce.number().min(-1).max(1).optional(),
      cm_d: z.coerce.number().min(-1).max(1).optional(),
      mode: z.string().max(32).optional(),
      private: z.boolean().optional(),
      /** Videos: a sound effect under the clip (subscribers). */
      sound_effect: z.boolean().optional(),
      effect: z.string().max(64).optional(),
      custom_params: customParamsSchema.optional(),
      /** Enhance: 2, 4 or "4k" (also "2" and "4"); checked by the gateway, 1001 otherwise. */
      scale: z.union([z.number(), z.string().max(8)]).optional(),
      /** Background removal: `transparent`, `#rrggbb`, `#rgb`, `blur` or an uploaded picture's key. */
      background: z.string().max(300).optional(),
      /** The editing tools' mask, when it is not given at the top level. */
      mask: mediaKey.optional(),
    })
    .default({ batch_size: 1, seed: -1 }),
  /** The editing tools' mask: a PNG the size of the picture, white where the edit goes. */
  mask: mediaKey.optional(),
  images: z.array(mediaKey).max(8).default([]),
  /** vivago's other name for `images`. */
  image: z.array(mediaKey).max(8).optional(),
  /** vivago's image edit names its one picture here. */
  image_uuid: mediaKey.optional(),
  /** The ratio when `params.wh_ratio` is absent or `keep`, as vivago's image-to-video sends it. */
  wh_ratio: aspectRatioSchema.optional(),
  videos: z.array(mediaKey).max(2).default([]),
  audios: z.array(mediaKey).max(2).default([]),
  /** A boolean, or vivago's string: `""` off, a flag word on, other text the prompt to use. */
  magic_prompt: z.union([z.boolean(), z.string().max(PROMPT_MAX_LENGTH * 4)]).default(false),
  version: z.string().max(32).optional(),
  role: z.string().max(64).optional(),
  request_id: z.string().trim().min(1).max(128).optional(),
  /** The community work this generation remixes (reuse seed, recreate, img2img from a work). */
  remix_of: z
    .string()
    .regex(/^[1-9]\d{0,17}$/)
    .optional(),
});
export type GatewaySubmit = z.infer<typeof gatewaySubmitSchema>;

export const gatewaySubmitResultSchema = z.object({
  task_id: z.string(),
  cost: z.number().int(),
  /** The task's place in line, counted as the results call counts it (1 = next). */
  queue_position: z.number().int(),
  /** Minutes until the task starts, from the live queue; 0 when it is under a minute. */
  estimated_wait_min: z.number().int(),
});

/**
 * What a finished output is, read from its file when it was stored: its size, a video's
 * length, frame rate and sound, a 3D model's vertices, faces and textures. Each only where
 * it applies and could be read.
 */
export const outputFactsSchema = z.object({
  size_bytes: z.number().int().optional(),
  duration_s: z.number().optional(),
  fps: z.number().optional(),
  has_audio: z.boolean().optional(),
  vertices: z.number().int().optional(),
  faces: z.number().int().optional(),
  textures: z.number().int().optional(),
});
export type OutputFacts = z.infer<typeof outputFactsSchema>;

export const subTaskResultSchema = z.object({
  /** Which output of the task this is (stable when others are deleted); absent on placeholders. */
  index: z.number().int().optional(),
  task_status: z.number().int(),
  image: z.string().optional(),
  video: z.string().optional(),
  model: z.string().optional(),
  url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  mime: z.string().nullable(),
  seed: z.number().int().nullable(),
  facts: outputFactsSchema.optional(),
  // vivago's fields: the server always sends them; a client's own optimistic placeholder,
  // made before the task exists, has none.
  /** `{task_id}-{index}` for an output, the task's id on a placeholder. */
  sub_task_id: z.string().optional(),
  /** How far this output is, 0–1. */
  task_completion: z.number().min(0).max(1).optional(),
  /** The model that made it (the submit's `version`). */
  algo_version: z.string().optional(),
  /** What the output shows, in words, when its engine said (the local previews name what they drew). */
  description: z.string().optional(),
});

export type SubTaskResult = z.infer<typeof subTaskResultSchema>;

/** What a task shows for each output it was asked for before any exists. */
export function placeholderSubResults(
  count: number,
  taskStatus: number,
  /** The task, once it exists (a client's optimistic placeholder has none yet). */
  task?: { taskId: string; completion: number; model: string },
): SubTaskResult[] {
  return Array.from({ length: count }, () => ({
    ...(task && {
      sub_task_id: task.taskId,
      task_completion: task.completion,
      algo_version: task.model,
    }),
    task_status: taskStatus,
    url: null,
    thumb_url: null,
    width: null,
    height: null,
    mime: null,
    seed: null,
  }));
}

/**
 * The request that made a task, in the submit body's own shape (seed fixed to the one it ran
 * with, prompt as it ran after any magic prompt): posting it again to the task type's submit
 * address makes the same run, or a new take with `seed: -1`. "Recreate" and "reuse seed" use it.
 */
export const taskRequestSchema = z.object({
  prompt: z.string(),
  negative_prompt: z.string(),
  params: z.object({
    batch_size: z.number().int(),
    wh_ratio: z.string(),
    seed: z.number().int(),
    style: z.string(),
    strength: z.number(),
    duration: z.number(),
    resolution: z.enum(videoResolutions),
    fps: z.number().int(),
    motion_strength: z.number(),
    cm_x: z.number(),
    cm_y: z.number(),
    cm_d: z.number(),
    private: z.boolean(),
    sound_effect: z.boolean(),
    scale: z.union([z.literal(2), z.literal(4), z.literal('4k')]).optional(),
    background: z.string().optional(),
    expand: outpaintSettingsSchema.optional(),
    preset: z.string().optional(),
    category: z.string().optional(),
    effect: z.string().optional(),
    speech_text: z.string().optional(),
    voice: z.string().optional(),
    /** Character image and video: the character, whose pictures the task takes. */
    character_id: z.number().int().optional(),
    /** The logo studio's brand, slogan, industry and colours (its look is `style`). */
    brand: z.string().optional(),
    slogan: z.string().optional(),
    industry: z.string().optional(),
    colors: z.array(z.string()).optional(),
    /** The tattoo studio's body photo. */
    body: z.string().optional(),
  }),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  audios: z.array(z.string()),
  mask: z.string().optional(),
  version: z.string(),
  remix_of: z.string().optional(),
});
export type TaskRequest = z.infer<typeof taskRequestSchema>;

/** A file the task took as input (an upload, or one of the user's results), to show it. */
export const taskInputMediaSchema = z.object({
  kind: z.enum(mediaKinds),
  key: z.string(),
  /** The run that made it, when it is one of the user's results (null for an upload). */
  task_id: z.string().nullable(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type TaskInputMedia = z.infer<typeof taskInputMediaSchema>;

/**
 * Why a task ended without a result, as its owner is told (each has a translated message):
 * `unavailable` the generation service could not be reached or is not set up; `timeout` it took
 * too long; `bad_input` an input could not be used; `no_output` the run gave nothing back;
 * `worker_lost` the machine running it stopped answering; `flagged` the result was withheld by
 * moderation; `failed` anything else. The technical detail stays with the operators.
 */
export const taskFailureReasons = [
  'unavailable',
  'timeout',
  'bad_input',
  'no_output',
  'worker_lost',
  'flagged',
  'failed',
] as const;
export type TaskFailureReason = (typeof taskFailureReasons)[number];

/** What a worker may say of a failure it reports (the others are the server's own findings). */
export const workerFailureReasons = ['unavailable', 'timeout', 'bad_input', 'failed'] as const;
export type WorkerFailureReason = (typeof workerFailureReasons)[number];

export const taskResultSchema = z.object({
  task_id: z.string(),
  task_type: z.string(),
  status: z.enum(taskStates),
  task_status: z.number().int(),
  progress: z.number().int(),
  queue_position: z.number().int(),
  /** Minutes until a queued task starts; 0 when it is under a minute or the task left the queue. */
  estimated_wait_min: z.number().int(),
  cost: z.number().int(),
  engine: z.string(),
  /** Why it failed or was flagged, in the asker's language; null otherwise. */
  error: z.string().nullable(),
  error_reason: z.enum(taskFailureReasons).nullable(),
  created_at: z.string(),
  prompt: z.string(),
  sub_task_results: z.array(subTaskResultSchema),
  /** The request that made it (only its owner is ever answered a task). */
  request: taskRequestSchema.optional(),
  /** Its inputs that are still stored, in the request's order. */
  inputs: z.array(taskInputMediaSchema).optional(),
  /**
   * For an editing tool's run, the picture it edited (the "before"): one of the user's results
   * (its run and output index) or an upload (`task_id` and `index` null). Absent when that
   * picture is no longer stored.
   */
  edited_from: taskInputMediaSchema.extend({ index: z.number().int().nullable() }).optional(),
});
export type TaskResult = z.infer<typeof taskResultSchema>;

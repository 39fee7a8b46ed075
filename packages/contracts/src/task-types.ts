import { z } from 'zod';

/**
 * Task types: the spec §3 list plus the kinds this product adds for 3D and the image tools.
 * `media` is the gateway segment (`/api/gw/v3/{media}/{module}/async`).
 */
export const taskTypeDefinitions = {
  txt2img: { media: 'image' },
  img2img: { media: 'image' },
  image_edit: { media: 'image' },
  upscale: { media: 'image' },
  remove_bg: { media: 'image' },
  video_diffusion: { media: 'video' },
  video_diffusion_img2vid: { media: 'video' },
  video_diffusion_keyframes: { media: 'video' },
  video_diffusion_multi_img2vid: { media: 'video' },
  video_diffusion_audio_animate: { media: 'video' },
  mouth_speech: { media: 'video' },
  video_creative_upscaler: { media: 'video' },
  text_to_3d: { media: '3d' },
  image_to_3d: { media: '3d' },
} as const satisfies Record<string, { media: 'image' | 'video' | '3d' }>;

export type TaskType = keyof typeof taskTypeDefinitions;

/**
 * Video kinds that may carry a generated sound effect (the toggle of spec §3); audio animate
 * and lip sync bring their own sound.
 */
export const soundEffectTaskTypes: ReadonlySet<TaskType> = new Set<TaskType>([
  'video_diffusion',
  'video_diffusion_img2vid',
  'video_diffusion_keyframes',
  'video_diffusion_multi_img2vid',
]);
/**
 * Tools whose output is their input picture transformed, with nothing drawn that was not in it:
 * the cut-out and the enlargement. The input already passed moderation (an upload is scored
 * when it arrives, an output when it is made), so the result is not scored again. Scored on
 * its own, a cut-out on a blank ground can read to the model quite unlike the picture it came
 * from, and a result the user had just paid for was withheld.
 */
export const unscoredTaskTypes: ReadonlySet<TaskType> = new Set<TaskType>(['remove_bg', 'upscale']);
export const taskTypes = Object.keys(taskTypeDefinitions) as TaskType[];
export const taskTypeSchema = z.enum(taskTypes as [TaskType, ...TaskType[]]);

/** Engines a task type can be routed to (architecture decision 4). */
export const engineNames = ['local', 'comfyui', 'openai', 'replicate', 'fal'] as const;
export const engineNameSchema = z.enum(engineNames);
export type EngineName = z.infer<typeof engineNameSchema>;

/**
 * Engines that wait on someone else's servers (hosted model APIs), not on this machine's CPU
 * or GPU: a worker runs their tasks in slots of their own, many at once.
 */
export const remoteEngineNames: ReadonlySet<EngineName> = new Set<EngineName>([
  'openai',
  'replicate',
  'fal',
]);

import { taskTypeDefinitions, type TaskType } from './task-types';

/**
 * vivago's wire format, in one place: clients written for its API (scripts, SDKs, agent
 * skills) post to model-family modules and use its scales; the gateway translates them here.
 */

type Media = 'image' | 'video' | '3d';

/** A model-family module: the task type it runs, from text or from input pictures. */
type ModulePort = { media: Media; fromText: TaskType; fromImages: TaskType };

const imageFamily: ModulePort = { media: 'image', fromText: 'txt2img', fromImages: 'img2img' };
const videoFamily: ModulePort = {
  media: 'video',
  fromText: 'video_diffusion',
  fromImages: 'video_diffusion_img2vid',
};

/**
 * Modules named after a model family rather than a task type. `version` names the model
 * (`kling-image-o1`, …) and is kept as the task's model; input pictures make it the
 * image-to-image (or image-to-video) kind.
 */
export const vivagoModulePorts: Readonly<Record<string, ModulePort>> = {
  image_gen_std: imageFamily,
  image_gen_kling: imageFamily,
  image_gen_flux: imageFamily,
  image_gen_seedream: imageFamily,
  image_gen_gpt: imageFamily,
  image_gen_gemini: imageFamily,
  image_gen_qwen: imageFamily,
  image_gen_hidream: imageFamily,
  video_gen_kling: videoFamily,
  video_gen_std: videoFamily,
  /** vivago's instruction editing (`/api/gw/v2/image/image_easy_edit/async`). */
  image_easy_edit: { media: 'image', fromText: 'image_edit', fromImages: 'image_edit' },
};

/**
 * The task type a module names for this media: a task type itself, or a model-family port
 * (with input pictures, its image kind). Undefined for a module nobody knows.
 */
export function taskTypeOfModule(
  media: string,
  module: string,
  hasImages: boolean,
): TaskType | undefined {
  if (Object.hasOwn(taskTypeDefinitions, module)) {
    const taskType = module as TaskType;
    return taskTypeDefinitions[taskType].media === media ? taskType : undefined;
  }
  const port = Object.hasOwn(vivagoModulePorts, module) ? vivagoModulePorts[module] : undefined;
  if (!port || port.media !== media) return undefined;
  return hasImages ? port.fromImages : port.fromText;
}

/** `params.motion_strength` on the gateway is vivago's 0–10 (1–10 in its studio); engines take 0–1. */
export const MOTION_STRENGTH_MAX = 10;
export const motionStrengthToEngine = (gateway: number): number => gateway / MOTION_STRENGTH_MAX;
export const motionStrengthFromEngine = (engine: number): number =>
  Math.round(engine * MOTION_STRENGTH_MAX * 100) / 100;
/** The studio's default, on the gateway's scale. */
export const DEFAULT_MOTION_STRENGTH = 5;

/**
 * `params.custom_params.enhance`: the output's long side when the request names a ratio.
 * 4k is answered at the engines' largest size (2048 px) until they render larger.
 */
export const enhanceLongSides = { '1k': 1024, '2k': 2048, '4k': 2048 } as const;
export type Enhance = keyof typeof enhanceLongSides;
export const isEnhance = (value: unknown): value is Enhance =>
  typeof value === 'string' && Object.hasOwn(enhanceLongSides, value);

const magicOn = new Set(['true', '1', 'on', 'yes']);
const magicOff = new Set(['false', '0', 'off', 'no']);

/**
 * `magic_prompt` as vivago's clients send it: a boolean, or a string where `""` is off, a
 * flag word (`"true"`, `"1"`, …) is on, and any other text is the enhanced prompt to use.
 */
export function readMagicPrompt(value: boolean | string): {
  enhance: boolean;
  prompt?: string;
} {
  if (typeof value === 'boolean') return { enhance: value };
  const text = value.trim();
  const word = text.toLowerCase();
  if (text === '' || magicOff.has(word)) return { enhance: false };
  if (magicOn.has(word)) return { enhance: true };
  return { enhance: false, prompt: text };
}

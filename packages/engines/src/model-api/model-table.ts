import type { EngineRoute } from '@lumen/contracts/engine-settings';
import type { TaskType } from '@lumen/contracts/task-types';
import { falFamilies } from './fal-families';
import { genericFamily, type MapContext, type ModelFamily } from './model-families';
import { replicateFamilies } from './replicate-families';

export type ModelApiProvider = 'replicate' | 'fal';

type Choice<F> = { model: string; family: F };
export type ModelTableRow = {
  replicate: Choice<keyof typeof replicateFamilies>;
  fal: Choice<keyof typeof falFamilies>;
};

/**
 * The default model of every task type on each hosted API (docs/engines.md shows the same
 * table). A Replicate model is `owner/name` (an official model, run by name) or
 * `owner/name:version` (a community model, pinned); a fal model is its app id. A new task
 * type adds one row here, and `satisfies` makes a missing row a type error. A tool that no
 * hosted model serves is named in `NoHostedModel`.
 */
export const modelApiDefaults = {
  txt2img: {
    replicate: { model: 'black-forest-labs/flux-schnell', family: 'flux-schnell' },
    fal: { model: 'fal-ai/flux/dev', family: 'flux' },
  },
  img2img: {
    replicate: { model: 'black-forest-labs/flux-dev', family: 'flux-dev' },
    fal: { model: 'fal-ai/flux/dev/image-to-image', family: 'flux-image-to-image' },
  },
  image_edit: {
    replicate: { model: 'black-forest-labs/flux-kontext-pro', family: 'flux-kontext' },
    fal: { model: 'fal-ai/flux-pro/kontext', family: 'flux-kontext' },
  },
  inpaint: {
    replicate: { model: 'black-forest-labs/flux-fill-pro', family: 'flux-fill' },
    fal: { model: 'fal-ai/flux-pro/v1/fill', family: 'flux-fill' },
  },
  erase: {
    replicate: { model: 'bria/eraser', family: 'bria-eraser' },
    fal: { model: 'fal-ai/bria/eraser', family: 'bria-eraser' },
  },
  outpaint: {
    replicate: { model: 'bria/expand-image', family: 'bria-expand' },
    fal: { model: 'fal-ai/bria/expand', family: 'bria-expand' },
  },
  upscale: {
    replicate: {
      model:
        'nightmareai/real-esrgan:f121d640bd286e1fdc67f9799164c1d5be36ff74576ee11c803ae5b665dd46aa',
      family: 'real-esrgan',
    },
    fal: { model: 'fal-ai/esrgan', family: 'esrgan' },
  },
  remove_bg: {
    replicate: { model: 'bria/remove-background', family: 'remove-background' },
    fal: { model: 'fal-ai/bria/background/remove', family: 'remove-background' },
  },
  video_diffusion: {
    replicate: { model: 'wan-video/wan-2.2-t2v-fast', family: 'wan-t2v' },
    fal: { model: 'fal-ai/wan/v2.2-a14b/text-to-video', family: 'wan-text-to-video' },
  },
  video_diffusion_img2vid: {
    replicate: { model: 'wan-video/wan-2.2-i2v-fast', family: 'wan-i2v' },
    fal: { model: 'fal-ai/wan/v2.2-a14b/image-to-video', family: 'wan-image-to-video' },
  },
  // No hosted model continues a clip: the engine starts an image-to-video model from the
  // clip's last frame and joins the result to the clip (clip-extension.ts).
  video_extend: {
    replicate: { model: 'wan-video/wan-2.2-i2v-fast', family: 'wan-i2v' },
    fal: { model: 'fal-ai/wan/v2.2-a14b/image-to-video', family: 'wan-image-to-video' },
  },
  video_diffusion_keyframes: {
    replicate: { model: 'kwaivgi/kling-v2.1', family: 'kling' },
    fal: { model: 'fal-ai/kling-video/v2.1/pro/image-to-video', family: 'kling' },
  },
  video_diffusion_multi_img2vid: {
    replicate: { model: 'kwaivgi/kling-v1.6-standard', family: 'kling-elements' },
    fal: { model: 'fal-ai/kling-video/v1.6/standard/elements', family: 'kling-elements' },
  },
  video_diffusion_audio_animate: {
    replicate: { model: 'bytedance/omni-human', family: 'omni-human' },
    fal: { model: 'fal-ai/bytedance/omnihuman', family: 'omnihuman' },
  },
  mouth_speech: {
    replicate: { model: 'sync/lipsync-2', family: 'lipsync' },
    fal: { model: 'fal-ai/sync-lipsync/v2', family: 'lipsync' },
  },
  video_creative_upscaler: {
    replicate: { model: 'topazlabs/video-upscale', family: 'topaz-video-upscale' },
    fal: { model: 'fal-ai/topaz/upscale/video', family: 'topaz-video-upscale' },
  },
  video_stylize: {
    replicate: { model: 'luma/modify-video', family: 'luma-modify-video' },
    fal: { model: 'fal-ai/wan/v2.2-a14b/video-to-video', family: 'wan-video-to-video' },
  },
  // Replicate has no motion-brush model: the brushed motion goes to Wan in words.
  video_motion_brush: {
    replicate: { model: 'wan-video/wan-2.2-i2v-fast', family: 'wan-i2v-described-tracks' },
    fal: { model: 'fal-ai/kling-video/v1.5/pro/image-to-video', family: 'kling-motion-brush' },
  },
  text_to_3d: {
    replicate: { model: 'tencent/hunyuan-3d-3.1', family: 'hunyuan-3d' },
    fal: { model: 'fal-ai/hunyuan3d-v3/text-to-3d', family: 'hunyuan3d-text' },
  },
  image_to_3d: {
    replicate: { model: 'tencent/hunyuan-3d-3.1', family: 'hunyuan-3d' },
    fal: { model: 'fal-ai/trellis', family: 'trellis' },
  },
  // FLUX Kontext keeps a person's identity from one photo (its character consistency): it
  // gets the character's first reference picture and a prompt about that person.
  character_image: {
    replicate: { model: 'black-forest-labs/flux-kontext-pro', family: 'flux-kontext' },
    fal: { model: 'fal-ai/flux-pro/kontext', family: 'flux-kontext' },
  },
  // Kling's elements take up to four reference pictures of a subject: the character's.
  character_video: {
    replicate: { model: 'kwaivgi/kling-v1.6-standard', family: 'kling-elements' },
    fal: { model: 'fal-ai/kling-video/v1.6/standard/elements', family: 'kling-elements' },
  },
  // The studios draw with FLUX from a prompt built from their settings (studio-prompts.ts);
  // the engine then traces the logo and makes the tattoo's stencil (studio-finish.ts).
  logo: {
    replicate: { model: 'black-forest-labs/flux-dev', family: 'flux-dev' },
    fal: { model: 'fal-ai/flux/dev', family: 'flux' },
  },
  tattoo: {
    replicate: { model: 'black-forest-labs/flux-dev', family: 'flux-dev' },
    fal: { model: 'fal-ai/flux/dev', family: 'flux' },
  },
  portrait: {
    replicate: {
      // The version is zsxkib's FLUX PuLID (Replicate shows it under zsxkib/flux-pulid).
      model: 'zsxkib/flux-pulid:8baa7ef2255075b46f4d91cd238c21d31181b3e6a864463f967960bb0112525b',
      family: 'flux-pulid',
    },
    fal: { model: 'fal-ai/flux-pulid', family: 'flux-pulid' },
  },
  try_on: {
    replicate: {
      model: 'cuuupid/idm-vton:c871bb9b046607b680449ecbae55fd8c6d945e0a1948644bf2361b3d021d3ff4',
      family: 'idm-vton',
    },
    fal: { model: 'fal-ai/cat-vton', family: 'cat-vton' },
  },
  // The e-commerce tools are instruction edits of the product photo (the gateway words the
  // scene, the model or the translation as the instruction), which Kontext follows.
  product_shot: {
    replicate: { model: 'black-forest-labs/flux-kontext-pro', family: 'flux-kontext' },
    fal: { model: 'fal-ai/flux-pro/kontext', family: 'flux-kontext' },
  },
  product_on_model: {
    replicate: { model: 'black-forest-labs/flux-kontext-pro', family: 'flux-kontext' },
    fal: { model: 'fal-ai/flux-pro/kontext', family: 'flux-kontext' },
  },
  image_translate: {
    replicate: { model: 'black-forest-labs/flux-kontext-pro', family: 'flux-kontext' },
    fal: { model: 'fal-ai/flux-pro/kontext', family: 'flux-kontext' },
  },
} as const satisfies Record<Exclude<TaskType, NoHostedModel>, ModelTableRow>;

/**
 * Task types with no row: vector conversion traces on the CPU on every engine. Character
 * creation is face analysis (landmarks, descriptor, alignment) that runs on the CPU whatever
 * serves the character's pictures; the hosted models get its reference pictures.
 */
type NoHostedModel = 'vectorize' | 'character_create';

/**
 * Lip sync of a portrait: the lip-sync models move a mouth in a clip, so a still picture goes
 * to the talking-head model audio-driven animation uses (OmniHuman), which takes one image
 * and a voice track.
 */
export const portraitLipSync = {
  replicate: modelApiDefaults.video_diffusion_audio_animate.replicate,
  fal: modelApiDefaults.video_diffusion_audio_animate.fal,
} as const satisfies ModelTableRow;

/**
 * A tattoo from a reference picture: FLUX redraws the picture (image to image), on fal a
 * model of its own; Replicate's FLUX dev takes the picture in the same model.
 */
export const tattooFromReference = {
  replicate: modelApiDefaults.tattoo.replicate,
  fal: { model: 'fal-ai/flux/dev/image-to-image', family: 'flux-image-to-image' },
} as const satisfies ModelTableRow;

export type HostedTaskType = keyof typeof modelApiDefaults;

export function hasHostedModel(taskType: TaskType): taskType is HostedTaskType {
  return Object.hasOwn(modelApiDefaults, taskType);
}

export type ModelPlan = {
  model: string;
  /** The family's name, or `generic` for a model the table does not know. */
  family: string;
  maxPerCall: number;
  /** The model's input for one call: the mapped settings, then the route's fixed inputs over them. */
  input(ctx: MapContext): Record<string, unknown>;
};

/**
 * Which model serves a task and how its input is made: the route's model (an admin's
 * choice) or the table's default; the family of a known model id, else the generic mapping;
 * the route's fixed inputs always win over mapped ones.
 */
export function planModel(
  provider: ModelApiProvider,
  taskType: HostedTaskType,
  route: EngineRoute | undefined,
  options: { portrait?: boolean; reference?: boolean } = {},
): ModelPlan {
  // An admin's model for lip sync is a clip model; a portrait keeps the talking-head model.
  const portrait = taskType === 'mouth_speech' && options.portrait === true;
  const reference = taskType === 'tattoo' && options.reference === true;
  const chosen: EngineRoute | undefined = portrait ? { input: route?.input } : route;
  const row = portrait
    ? portraitLipSync[provider]
    : reference
      ? tattooFromReference[provider]
      : modelApiDefaults[taskType][provider];
  const families: Record<string, ModelFamily> =
    provider === 'replicate' ? replicateFamilies : falFamilies;
  const model = chosen?.model ?? row.model;
  let family: string = row.family;
  if (model !== row.model) {
    const name = model.toLowerCase().split(':')[0] ?? '';
    family = Object.entries(families).find(([, f]) => f.matches.test(name))?.[0] ?? 'generic';
  }
  const mapping = families[family] ?? genericFamily(provider);
  return {
    model,
    family,
    maxPerCall: mapping.maxPerCall,
    input: (ctx) => ({ ...mapping.map(ctx), ...chosen?.input }),
  };
}

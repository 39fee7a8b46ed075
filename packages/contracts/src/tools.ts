import { IMAGE_MAX_RATIO, IMAGE_MIN_RATIO, IMAGE_MIN_SIDE_PX, TASK_IMAGE_MAX_BYTES } from './media';
import type { ImageRules, ToolDefinition, VideoRules } from './tools/define';
import { characterCreate, characterImage, characterVideo } from './tools/character';
import { erase } from './tools/erase';
import { imageEdit } from './tools/image-edit';
import { imageTo3d } from './tools/image-to-3d';
import { img2img } from './tools/img2img';
import { inpaint } from './tools/inpaint';
import { logo } from './tools/logo';
import { mouthSpeech } from './tools/mouth-speech';
import { outpaint } from './tools/outpaint';
import { portrait } from './tools/portrait';
import { removeBg } from './tools/remove-bg';
import { tattoo } from './tools/tattoo';
import { textTo3d } from './tools/text-to-3d';
import { tryOn } from './tools/try-on';
import { txt2img } from './tools/txt2img';
import { upscale } from './tools/upscale';
import { vectorize } from './tools/vectorize';
import { videoAudioAnimate } from './tools/video-audio-animate';
import { videoCreativeUpscaler } from './tools/video-creative-upscaler';
import { videoDiffusion } from './tools/video-diffusion';
import { videoImg2vid } from './tools/video-img2vid';
import { videoKeyframes } from './tools/video-keyframes';
import { videoMultiImg2vid } from './tools/video-multi-img2vid';
import { videoExtend } from './tools/video-extend';
import { videoMotionBrush } from './tools/video-motion-brush';
import { videoStylize } from './tools/video-stylize';
import { productShot } from './tools/product-shot';
import { productOnModel } from './tools/product-on-model';
import { imageTranslate } from './tools/image-translate';

export type {
  CostKind,
  CounterKind,
  ImageRules,
  ToolDefinition,
  ToolMedia,
  VideoRules,
} from './tools/define';

/**
 * Every task type the product knows, each declared once in `tools/` (STYLE.md "One tool, one
 * definition"). The key is the task type as the gateway, the database and the engines name it.
 */
export const tools = {
  txt2img,
  img2img,
  image_edit: imageEdit,
  inpaint,
  erase,
  outpaint,
  upscale,
  remove_bg: removeBg,
  vectorize,
  video_diffusion: videoDiffusion,
  video_diffusion_img2vid: videoImg2vid,
  video_diffusion_keyframes: videoKeyframes,
  video_diffusion_multi_img2vid: videoMultiImg2vid,
  video_extend: videoExtend,
  video_stylize: videoStylize,
  video_motion_brush: videoMotionBrush,
  video_diffusion_audio_animate: videoAudioAnimate,
  mouth_speech: mouthSpeech,
  video_creative_upscaler: videoCreativeUpscaler,
  text_to_3d: textTo3d,
  image_to_3d: imageTo3d,
  character_create: characterCreate,
  character_image: characterImage,
  character_video: characterVideo,
  logo,
  tattoo,
  portrait,
  try_on: tryOn,
  product_shot: productShot,
  product_on_model: productOnModel,
  image_translate: imageTranslate,
} as const satisfies { [Id in string]: ToolDefinition<Id> };

export type ToolId = keyof typeof tools;

export const toolIds = Object.keys(tools) as ToolId[];

export function isToolId(value: string): value is ToolId {
  return Object.hasOwn(tools, value);
}

export function toolOf(id: ToolId): ToolDefinition<ToolId> {
  return tools[id];
}

/** Spec §5's common picture rules: png/jpg, 5 MB, sides ≥ 300 px, aspect 1:2.5 to 2.5:1. */
export const commonImageRules: ImageRules = {
  maxBytes: TASK_IMAGE_MAX_BYTES,
  minSide: IMAGE_MIN_SIDE_PX,
  minRatio: IMAGE_MIN_RATIO,
  maxRatio: IMAGE_MAX_RATIO,
};

/** The picture rules of one tool: the common ones with its own over them. */
export function imageRulesOf(id: ToolId): ImageRules {
  return { ...commonImageRules, ...toolOf(id).inputs.imageRules };
}

/** Spec §5's common clip rules: mp4, 100 MB, at most 60 s and 4K. */
export const commonVideoRules: VideoRules = {
  maxBytes: 100 * 1024 * 1024,
  maxDurationS: 60,
  maxSide: 4096,
};

/** The clip rules of one tool: the common ones with its own over them. */
export function videoRulesOf(id: ToolId): VideoRules {
  return { ...commonVideoRules, ...toolOf(id).inputs.videoRules };
}

/** The tools that answer a predicate, as a set (for the hot paths that ask by task type). */
export function toolsWhere(
  predicate: (tool: ToolDefinition<ToolId>) => boolean,
): ReadonlySet<ToolId> {
  return new Set(toolIds.filter((id) => predicate(toolOf(id))));
}

function countText(label: string, [min, max]: readonly [number, number]): string | undefined {
  if (max === 0) return undefined;
  return min === max ? `${label} ${min}` : `${label} ${min}–${max}`;
}

/**
 * The gateway's modules in words, one line per tool that runs, for the API reference: what it
 * takes, its own params, its cost kind and its subscriber gate.
 */
export function describeToolsForApi(): string {
  return toolIds
    .map((id) => toolOf(id))
    .filter((tool) => tool.available && !tool.ownApi)
    .map((tool) => {
      const { inputs } = tool;
      const own =
        tool.params && 'shape' in tool.params
          ? Object.keys((tool.params as { shape: Record<string, unknown> }).shape)
          : [];
      const parts = [
        `prompt ${inputs.prompt}`,
        countText('images', inputs.images),
        inputs.videos && countText('videos', inputs.videos),
        inputs.audios && countText('audios', inputs.audios),
        inputs.mask && 'mask required',
        own.length > 0 && `params: ${own.join(', ')}`,
        `cost: ${tool.cost}`,
        tool.gate && `subscribers (${tool.gate})`,
      ].filter(Boolean);
      return `- \`${tool.media}/${tool.id}\`: ${parts.join('; ')}`;
    })
    .join('\n');
}

import {
  clamp,
  defined,
  frameCount,
  nearestDuration,
  nearestRatio,
  nearestResolution,
  seed31,
  sizeOf,
  text,
} from './input-values';
import { characterPrompt } from '../character-prompt';
import type { TryOnCategory } from '@lumen/contracts/tools/try-on';
import { portraitPrompt, tryOnCategoryOf } from '../studio-prompts';
import { stylizePrompt } from '../comfyui/workflow-values';
import { expandLayout, fillPrompt, first, upscalerScale, type ModelFamily } from './model-families';
import { KLING_MAX_AREAS, klingTrajectory } from './motion-tracks-api';
import { ModelApiError } from './model-api-errors';

/**
 * How far a clip is scaled for a 4K enhancement: its long side to 3840, within the model's
 * 1–4 (2 when the clip's size is unknown).
 */
export function fourKFactor(size: { width: number; height: number } | undefined): number {
  if (!size) return 2;
  return Math.round(clamp(3840 / Math.max(size.width, size.height), 1, 4) * 100) / 100;
}

const catVtonCloth: Record<TryOnCategory, string> = {
  top: 'upper',
  bottom: 'lower',
  dress: 'overall',
  outerwear: 'outer',
};

/** fal's model families, each following the app's published input schema. */
export const falFamilies = {
  // PuLID on FLUX: the face photo is the identity reference; the style is in the prompt.
  'flux-pulid': {
    matches: /pulid/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        prompt: portraitPrompt(settings),
        reference_image_url: first(media.images),
        image_size: sizeOf(settings),
        negative_prompt: text(settings.negativePrompt),
        id_weight: 1,
        seed: seed31(seed),
        enable_safety_checker: true,
      }),
  },
  // CatVTON names the kinds of cloth its own way; a coat is its "outer" layer.
  'cat-vton': {
    matches: /vton|try-?on/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        human_image_url: media.images[0],
        garment_image_url: media.images[1],
        cloth_type: catVtonCloth[tryOnCategoryOf(settings)],
        image_size: sizeOf(settings),
        seed: seed31(seed),
      }),
  },
  // FLUX Fill and Bria take the mask as it is ours: white is painted or erased, black kept.
  'flux-fill': {
    matches: /flux.*fill/,
    maxPerCall: 1,
    map: (ctx) =>
      defined({
        prompt: fillPrompt(ctx),
        image_url: first(ctx.media.images),
        mask_url: first(ctx.media.masks),
        seed: seed31(ctx.seed),
        num_images: 1,
        output_format: 'png',
      }),
  },
  'bria-eraser': {
    matches: /eraser/,
    maxPerCall: 1,
    map: ({ media }) =>
      defined({
        image_url: first(media.images),
        mask_url: first(media.masks),
        mask_type: 'manual',
      }),
  },
  'bria-expand': {
    matches: /bria\/expand/,
    maxPerCall: 1,
    map: (ctx) =>
      defined({
        image_url: first(ctx.media.images),
        ...expandLayout(ctx),
        prompt: text(ctx.settings.prompt),
        seed: seed31(ctx.seed),
      }),
  },
  'flux-kontext': {
    matches: /kontext/,
    maxPerCall: 1,
    map: ({ settings, media, seed, taskType }) =>
      defined({
        prompt: characterPrompt({ taskType, settings }),
        image_url: first(media.images),
        seed: seed31(seed),
        num_images: 1,
      }),
  },
  'flux-image-to-image': {
    matches: /flux.*image-to-image/,
    maxPerCall: 4,
    map: ({ settings, media, count, seed }) =>
      defined({
        prompt: settings.prompt,
        image_url: first(media.images),
        // fal's lowest strength is 0.01; 0 ("keep the picture") is the nearest it can do.
        strength: clamp(settings.strength, 0.01, 1),
        num_images: count,
        seed: seed31(seed),
      }),
  },
  flux: {
    matches: /flux/,
    maxPerCall: 4,
    map: ({ settings, count, seed }) => ({
      prompt: settings.prompt,
      image_size: sizeOf(settings),
      num_images: count,
      seed: seed31(seed),
      output_format: 'png',
      enable_safety_checker: true,
    }),
  },
  esrgan: {
    matches: /esrgan/,
    maxPerCall: 1,
    map: ({ media, settings }) =>
      defined({ image_url: first(media.images), scale: upscalerScale(settings) }),
  },
  'remove-background': {
    matches: /background\/remove|rembg|birefnet/,
    maxPerCall: 1,
    map: ({ media }) => defined({ image_url: first(media.images) }),
  },
  'wan-image-to-video': {
    matches: /wan.*image-to-video/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) => {
      const fps = clamp(settings.fps, 4, 60);
      return defined({
        prompt: settings.prompt,
        image_url: first(media.images),
        negative_prompt: text(settings.negativePrompt),
        num_frames: frameCount(settings, fps, 17, 161),
        frames_per_second: fps,
        resolution: nearestResolution(settings, ['480p', '580p', '720p'] as const),
        seed: seed31(seed),
      });
    },
  },
  // Stylization: Wan 2.2 redraws the clip under the style's words, keeping its motion.
  'wan-video-to-video': {
    matches: /wan.*video-to-video/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        prompt: stylizePrompt(settings.prompt, settings.style),
        video_url: first(media.videos),
        negative_prompt: text(settings.negativePrompt),
        strength: 0.75,
        resolution: nearestResolution(settings, ['480p', '580p', '720p'] as const),
        seed: seed31(seed),
      }),
  },
  // The magic brush: Kling's motion brush moves each masked area along its trajectory.
  'kling-motion-brush': {
    matches: /kling-video\/v1(\.5)?\/(standard|pro)\/image-to-video/,
    maxPerCall: 1,
    map: ({ settings, media }) => {
      const areas = settings.motionBrush?.areas ?? [];
      const size = media.imageSize;
      if (!size || areas.length === 0 || media.masks.length < areas.length) {
        throw new ModelApiError(
          'bad_input',
          'The magic brush needs the picture, its areas and their masks',
        );
      }
      if (areas.length > KLING_MAX_AREAS) {
        throw new ModelApiError(
          'bad_input',
          `Kling moves at most ${KLING_MAX_AREAS} brushed areas`,
        );
      }
      return defined({
        prompt: settings.prompt || 'natural motion',
        image_url: first(media.images),
        negative_prompt: text(settings.negativePrompt),
        // Kling documents the brush, and its 77-point trajectories, for 5 s clips.
        duration: '5',
        dynamic_masks: areas.map((area, i) => ({
          mask_url: media.masks[i],
          trajectories: klingTrajectory(area.track, size),
        })),
      });
    },
  },
  'wan-text-to-video': {
    matches: /wan.*text-to-video/,
    maxPerCall: 1,
    map: ({ settings, seed }) => {
      const fps = clamp(settings.fps, 4, 60);
      return defined({
        prompt: settings.prompt,
        negative_prompt: text(settings.negativePrompt),
        num_frames: frameCount(settings, fps, 17, 161),
        frames_per_second: fps,
        resolution: nearestResolution(settings, ['480p', '580p', '720p'] as const),
        aspect_ratio: nearestRatio(settings.ratio, ['16:9', '9:16', '1:1'] as const),
        seed: seed31(seed),
      });
    },
  },
  'kling-elements': {
    matches: /kling-video.*elements/,
    maxPerCall: 1,
    map: ({ settings, media, taskType }) =>
      defined({
        prompt: characterPrompt({ taskType, settings }),
        input_image_urls: media.images.slice(0, 4),
        negative_prompt: text(settings.negativePrompt),
        duration: String(nearestDuration(settings, [5, 10] as const)),
        aspect_ratio: nearestRatio(settings.ratio, ['16:9', '9:16', '1:1'] as const),
      }),
  },
  kling: {
    matches: /kling-video/,
    maxPerCall: 1,
    map: ({ settings, media }) =>
      defined({
        prompt: settings.prompt,
        image_url: first(media.images),
        tail_image_url: media.images[1],
        negative_prompt: text(settings.negativePrompt),
        duration: String(nearestDuration(settings, [5, 10] as const)),
        cfg_scale: Math.round((1 - settings.motionStrength) * 100) / 100,
      }),
  },
  omnihuman: {
    matches: /omnihuman/,
    maxPerCall: 1,
    map: ({ media }) => defined({ image_url: first(media.images), audio_url: first(media.audios) }),
  },
  lipsync: {
    matches: /lipsync/,
    maxPerCall: 1,
    map: ({ media }) =>
      defined({
        video_url: first(media.videos),
        audio_url: first(media.audios),
        sync_mode: 'cut_off',
      }),
  },
  'topaz-video-upscale': {
    matches: /upscale\/video|video-upscaler/,
    maxPerCall: 1,
    map: ({ settings, media }) =>
      defined({
        video_url: first(media.videos),
        upscale_factor: fourKFactor(media.videoSize),
        target_fps: clamp(settings.fps, 16, 60),
      }),
  },
  'hunyuan3d-text': {
    matches: /hunyuan.*text-to-3d/,
    maxPerCall: 1,
    map: ({ settings }) => ({ prompt: settings.prompt }),
  },
  trellis: {
    matches: /trellis/,
    maxPerCall: 1,
    map: ({ media, seed }) => defined({ image_url: first(media.images), seed: seed31(seed) }),
  },
} satisfies Record<string, ModelFamily>;

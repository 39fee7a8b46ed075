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
import { garmentDescription, portraitPrompt, tryOnCategoryOf } from '../studio-prompts';
import { stylizePrompt } from '../comfyui/workflow-values';
import { expandLayout, fillPrompt, first, upscalerScale, type ModelFamily } from './model-families';
import { describeTracks } from './motion-tracks-api';

const fluxRatios = [
  '1:1',
  '16:9',
  '21:9',
  '3:2',
  '2:3',
  '4:5',
  '5:4',
  '3:4',
  '4:3',
  '9:16',
  '9:21',
] as const;

const idmVtonCategory: Record<TryOnCategory, string> = {
  top: 'upper_body',
  bottom: 'lower_body',
  dress: 'dresses',
  outerwear: 'upper_body',
};

/**
 * Input mappings of the model families on Replicate (and Cog containers of the same models),
 * each following the family's published input schema (`schemas/*.json`).
 */
export const replicateFamilies = {
  // PuLID on FLUX: the face photo is the identity reference; the style is in the prompt.
  'flux-pulid': {
    matches: /pulid/,
    maxPerCall: 4,
    map: ({ settings, media, count, seed }) => {
      const { width, height } = sizeOf(settings);
      return defined({
        prompt: portraitPrompt(settings),
        main_face_image: first(media.images),
        negative_prompt: text(settings.negativePrompt),
        width: clamp(width, 256, 1536),
        height: clamp(height, 256, 1536),
        id_weight: 1,
        num_outputs: count,
        seed: seed31(seed),
        output_format: 'png',
      });
    },
  },
  // IDM-VTON dresses the upper body, the lower body or the whole (a dress); a coat is worn
  // on the upper body.
  'idm-vton': {
    matches: /vton|try-?on/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        human_img: media.images[0],
        garm_img: media.images[1],
        garment_des: garmentDescription(settings),
        category: idmVtonCategory[tryOnCategoryOf(settings)],
        crop: false,
        seed: seed31(seed),
      }),
  },
  // FLUX Fill takes the mask as it is ours: white is painted, black kept.
  'flux-fill': {
    matches: /flux-fill/,
    maxPerCall: 1,
    map: (ctx) =>
      defined({
        prompt: fillPrompt(ctx),
        image: first(ctx.media.images),
        mask: first(ctx.media.masks),
        seed: seed31(ctx.seed),
        output_format: 'png',
      }),
  },
  // Bria's masks are ours too: white is erased, black kept.
  'bria-eraser': {
    matches: /eraser/,
    maxPerCall: 1,
    map: ({ media }) => defined({ image: first(media.images), mask: first(media.masks) }),
  },
  'bria-expand': {
    matches: /expand/,
    maxPerCall: 1,
    map: (ctx) =>
      defined({
        image: first(ctx.media.images),
        ...expandLayout(ctx),
        prompt: text(ctx.settings.prompt),
        seed: seed31(ctx.seed),
      }),
  },
  'flux-kontext': {
    matches: /flux-kontext/,
    maxPerCall: 1,
    map: ({ settings, media, seed, taskType }) =>
      defined({
        prompt: characterPrompt({ taskType, settings }),
        input_image: first(media.images),
        aspect_ratio:
          media.images.length > 0 ? 'match_input_image' : nearestRatio(settings.ratio, fluxRatios),
        seed: seed31(seed),
        output_format: 'png',
      }),
  },
  'flux-schnell': {
    matches: /flux-schnell/,
    maxPerCall: 4,
    map: ({ settings, count, seed }) => ({
      prompt: settings.prompt,
      aspect_ratio: nearestRatio(settings.ratio, fluxRatios),
      num_outputs: count,
      seed: seed31(seed),
      output_format: 'png',
    }),
  },
  'flux-dev': {
    matches: /flux-dev|flux-1\.1|flux-pro/,
    maxPerCall: 4,
    map: ({ settings, media, count, seed }) =>
      defined({
        prompt: settings.prompt,
        image: first(media.images),
        prompt_strength: media.images.length > 0 ? settings.strength : undefined,
        aspect_ratio: nearestRatio(settings.ratio, fluxRatios),
        num_outputs: count,
        seed: seed31(seed),
        output_format: 'png',
      }),
  },
  'real-esrgan': {
    matches: /esrgan/,
    maxPerCall: 1,
    map: ({ media, settings }) =>
      defined({ image: first(media.images), scale: upscalerScale(settings), face_enhance: false }),
  },
  'remove-background': {
    matches: /remove-background|background-remover|rembg|rmbg/,
    maxPerCall: 1,
    map: ({ media }) => defined({ image: first(media.images), preserve_alpha: true }),
  },
  'wan-i2v': {
    matches: /wan-.*i2v/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) => {
      const fps = clamp(settings.fps, 5, 30);
      return defined({
        prompt: settings.prompt,
        image: first(media.images),
        num_frames: frameCount(settings, fps, 81, 121),
        frames_per_second: fps,
        resolution: nearestResolution(settings, ['480p', '720p'] as const),
        seed: seed31(seed),
      });
    },
  },
  // Stylization: Luma's Modify Video restyles a clip under a prompt; `flex_1` keeps its
  // layout and motion while changing its look.
  'luma-modify-video': {
    matches: /modify-video/,
    maxPerCall: 1,
    map: ({ settings, media }) =>
      defined({
        video: first(media.videos),
        prompt: stylizePrompt(settings.prompt, settings.style),
        mode: 'flex_1',
      }),
  },
  // The magic brush: no Replicate model takes brushed areas with tracks, so Wan's
  // image-to-video is told the motion in words (where each area starts, which way it goes).
  'wan-i2v-described-tracks': {
    matches: /$^/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) => {
      const fps = clamp(settings.fps, 5, 30);
      return defined({
        prompt: describeTracks(settings.prompt, settings.motionBrush?.areas ?? []),
        image: first(media.images),
        num_frames: frameCount(settings, fps, 81, 121),
        frames_per_second: fps,
        resolution: nearestResolution(settings, ['480p', '720p'] as const),
        seed: seed31(seed),
      });
    },
  },
  'wan-t2v': {
    matches: /wan-.*t2v/,
    maxPerCall: 1,
    map: ({ settings, seed }) => {
      const fps = clamp(settings.fps, 5, 30);
      return {
        prompt: settings.prompt,
        num_frames: frameCount(settings, fps, 81, 121),
        frames_per_second: fps,
        resolution: nearestResolution(settings, ['480p', '720p'] as const),
        aspect_ratio: nearestRatio(settings.ratio, ['16:9', '9:16'] as const),
        seed: seed31(seed),
      };
    },
  },
  'kling-elements': {
    matches: /kling-v1\.6/,
    maxPerCall: 1,
    map: ({ settings, media, taskType }) =>
      defined({
        prompt: characterPrompt({ taskType, settings }),
        negative_prompt: text(settings.negativePrompt),
        reference_images: media.images.length > 0 ? media.images.slice(0, 4) : undefined,
        aspect_ratio: nearestRatio(settings.ratio, ['16:9', '9:16', '1:1'] as const),
        duration: nearestDuration(settings, [5, 10] as const),
        // Kling's motion freedom: more motion asked, less held to the prompt.
        cfg_scale: Math.round((1 - settings.motionStrength) * 100) / 100,
      }),
  },
  kling: {
    matches: /kling-v2/,
    maxPerCall: 1,
    map: ({ settings, media }) =>
      defined({
        prompt: settings.prompt,
        negative_prompt: text(settings.negativePrompt),
        start_image: first(media.images),
        end_image: media.images[1],
        duration: nearestDuration(settings, [5, 10] as const),
        // Kling draws to a last frame only in its pro mode.
        mode: media.images.length > 1 ? 'pro' : 'standard',
      }),
  },
  'omni-human': {
    matches: /omni-?human/,
    maxPerCall: 1,
    map: ({ media }) => defined({ image: first(media.images), audio: first(media.audios) }),
  },
  lipsync: {
    matches: /lipsync|lip-sync/,
    maxPerCall: 1,
    map: ({ media }) =>
      defined({ video: first(media.videos), audio: first(media.audios), sync_mode: 'cut_off' }),
  },
  'topaz-video-upscale': {
    matches: /video-upscale/,
    maxPerCall: 1,
    map: ({ settings, media }) =>
      defined({
        video: first(media.videos),
        // The enhancement is to 4K whatever the clip (spec: under 2K in, 4K out).
        target_resolution: '4k',
        target_fps: clamp(settings.fps, 15, 60),
      }),
  },
  'hunyuan-3d': {
    matches: /hunyuan-?3d/,
    maxPerCall: 1,
    // The model takes a prompt or an image, not both.
    map: ({ settings, media }) =>
      media.images.length > 0
        ? { image: media.images[0], generate_type: 'Normal' }
        : { prompt: settings.prompt, generate_type: 'Normal' },
  },
} satisfies Record<string, ModelFamily>;

import type { EngineSettings } from '@lumen/contracts/generation';
import type { ResolvedInputs } from './input-media';
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

/** What one call to a model is made from: the task's settings, its media as URLs, and how many outputs. */
export type MapContext = {
  settings: EngineSettings;
  media: ResolvedInputs;
  /** Outputs this call should make (at most the family's `maxPerCall`). */
  count: number;
  /** This call's seed (the task's seed, plus one per earlier call). */
  seed: number;
};

export type ModelFamily = {
  /** Recognises an admin's model id as this family (the defaults name their family outright). */
  matches: RegExp;
  /** Outputs one call can make; a task asking for more makes several calls. */
  maxPerCall: number;
  map(ctx: MapContext): Record<string, unknown>;
};

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
const first = (list: string[]): string | undefined => list[0];

/**
 * Input mappings of the model families on Replicate (and Cog containers of the same models),
 * each following the family's published input schema (`schemas/*.json`).
 */
export const replicateFamilies = {
  'flux-kontext': {
    matches: /flux-kontext/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        prompt: settings.prompt,
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
    map: ({ media }) => defined({ image: first(media.images), scale: 2, face_enhance: false }),
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
    map: ({ settings, media }) =>
      defined({
        prompt: settings.prompt,
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
        target_resolution: settings.resolution === '1080p' ? '4k' : '1080p',
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

/** fal's model families, each following the app's published input schema. */
export const falFamilies = {
  'flux-kontext': {
    matches: /kontext/,
    maxPerCall: 1,
    map: ({ settings, media, seed }) =>
      defined({
        prompt: settings.prompt,
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
    map: ({ media }) => defined({ image_url: first(media.images), scale: 2 }),
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
    map: ({ settings, media }) =>
      defined({
        prompt: settings.prompt,
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
        upscale_factor: 2,
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

/**
 * What a model nobody described gets: the inputs most image and video models share. An admin
 * adds whatever else it needs as fixed inputs on the route.
 */
export const genericFamily = (provider: 'replicate' | 'fal'): ModelFamily => ({
  matches: /$^/,
  maxPerCall: 1,
  map: ({ settings, media, seed }) =>
    defined({
      prompt: settings.prompt,
      [provider === 'fal' ? 'image_url' : 'image']: first(media.images),
      seed: seed31(seed),
      aspect_ratio: settings.ratio,
    }),
});

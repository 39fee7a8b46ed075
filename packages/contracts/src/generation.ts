import { z } from 'zod';
import {
  cutoutBackgroundSchema,
  outpaintSettingsSchema,
  upscaleSettingsSchema,
} from './image-tools';
import { logoStyles } from './tools/logo';
import { tattooStyles } from './tools/tattoo';
import { tryOnCategories } from './tools/try-on';
import { vectorizePresets } from './tools/vectorize';
import {
  imageTranslateSettingsSchema,
  productOnModelSettingsSchema,
  productShotSettingsSchema,
} from './ecommerce';

/** Aspect ratios offered by the studio; the spec allows 1:2.5 to 2.5:1 (§5). */
export const aspectRatios = [
  '1:1',
  '4:3',
  '3:4',
  '16:9',
  '9:16',
  '3:2',
  '2:3',
  '21:9',
  '2:1',
  '1:2',
] as const;
export const aspectRatioSchema = z
  .string()
  .regex(/^\d{1,2}:\d{1,2}$/, 'must be a ratio such as 16:9')
  .refine((r) => {
    const [w, h] = r.split(':').map(Number) as [number, number];
    return w > 0 && h > 0 && w / h >= 1 / 2.5 && w / h <= 2.5;
  }, 'must be between 1:2.5 and 2.5:1');

/** Video styles (spec §3); `realistic` is the default. */
export const videoStyles = [
  'original',
  'realistic',
  'ink_wash',
  'van_gogh',
  'miyazaki',
  'barbie',
  'cyberpunk',
  'cartoon',
  'anime',
  'vector_art',
  'abstract',
  'watercolor',
] as const;
export type VideoStyle = (typeof videoStyles)[number];

/** Image models (spec §3): standard/turbo, professional/high quality, anime, polyart. */
export const imageModels = ['standard', 'professional', 'anime', 'polyart'] as const;
export const videoResolutions = ['360p', '720p', '1080p'] as const;
export type VideoResolution = (typeof videoResolutions)[number];

/** Pixel height of each video resolution; width follows the aspect ratio (even numbers). */
export const resolutionHeights: Record<VideoResolution, number> = {
  '360p': 360,
  '720p': 720,
  '1080p': 1080,
};

/**
 * The settings an engine receives, normalised by the gateway from the request
 * (`params.batch_size` → count, `wh_ratio` → ratio, `cm_x/cm_y/cm_d` → camera, …), with the
 * seed always fixed (a random one is drawn and recorded when the request says -1).
 */
export const engineSettingsSchema = z.object({
  prompt: z.string(),
  negativePrompt: z.string().default(''),
  ratio: aspectRatioSchema.default('1:1'),
  count: z.number().int().min(1).max(8).default(1),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1),
  style: z.string().default('realistic'),
  model: z.string().default('standard'),
  /** Longest side of an image output, pixels (default 1024). */
  size: z.number().int().min(256).max(2048).default(1024),
  /** img2img and img2video: how far the output may move from the input, 0–1. */
  strength: z.number().min(0).max(1).default(0.6),
  durationS: z.number().min(1).max(30).default(5),
  resolution: z.enum(videoResolutions).default('720p'),
  fps: z.number().int().min(8).max(60).default(24),
  motionStrength: z.number().min(0).max(1).default(0.5),
  /** Videos: lay a sound effect under the clip, made to suit the prompt (spec §3 toggle). */
  soundEffect: z.boolean().default(false),
  /** Camera movement per second: pan x/y in frame widths, zoom factor delta. */
  camera: z
    .object({
      x: z.number().min(-1).max(1),
      y: z.number().min(-1).max(1),
      zoom: z.number().min(-1).max(1),
    })
    .default({ x: 0, y: 0, zoom: 0 }),
  /** Enhance: the choice and exact output size; absent on tasks from before the choice. */
  upscale: upscaleSettingsSchema.optional(),
  /** Background removal: what the cut-out stands on; absent means transparent. */
  background: cutoutBackgroundSchema.optional(),
  /** Magic expand: how far each side grows, in the input picture's pixels. */
  outpaint: outpaintSettingsSchema.optional(),
  /** Lip sync from text: what is said, in which preset voice (see the voices list). */
  speech: z.object({ text: z.string().min(1), voice: z.string().min(1) }).optional(),
  /**
   * Magic brush: each brushed area's colour and its track, points as fractions of the
   * picture's width and height; the areas' masks are the task's masks in the same order.
   */
  motionBrush: z
    .object({
      areas: z.array(
        z.object({
          color: z.string(),
          track: z.array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)])).min(2),
        }),
      ),
    })
    .optional(),
  /**
   * An effect template (the `effect_set`): its key, the prompt it runs with and how many
   * pictures it takes (the two-person effects take two).
   */
  effect: z
    .object({ key: z.string(), prompt: z.string(), images: z.union([z.literal(1), z.literal(2)]) })
    .optional(),
  /** Vector conversion: the tracing preset. */
  vectorize: z.object({ preset: z.enum(vectorizePresets) }).optional(),
  /** Character image and video: the character whose pictures the task takes. */
  characterId: z.number().int().positive().optional(),
  /** AI logo: the brand's words, its industry, the look and the brand colours (#rrggbb). */
  logo: z
    .object({
      brand: z.string().min(1),
      slogan: z.string().default(''),
      industry: z.string().default(''),
      style: z.enum(logoStyles),
      colors: z.array(z.string()).default([]),
    })
    .optional(),
  /**
   * AI tattoo: the style, and what the input pictures are: a reference to draw from (the
   * first) and a photo of the body place (the last), each when the user brought one.
   */
  tattoo: z
    .object({ style: z.enum(tattooStyles), reference: z.boolean(), body: z.boolean() })
    .optional(),
  /** Virtual try-on: where the garment of the second picture is worn. */
  tryOn: z.object({ category: z.enum(tryOnCategories) }).optional(),
  /** E-commerce product pictures: real size, the template's scene, the shapes and text layers. */
  productShot: productShotSettingsSchema.optional(),
  /** E-commerce model pictures: who shows the product and how. */
  productOnModel: productOnModelSettingsSchema.optional(),
  /** Image translation: the languages and the user's own lines when no language model runs. */
  imageTranslate: imageTranslateSettingsSchema.optional(),
});
export type EngineSettings = z.infer<typeof engineSettingsSchema>;

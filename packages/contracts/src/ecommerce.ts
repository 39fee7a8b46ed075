import { z } from 'zod';
import { hexColourSchema } from './image-tools';

/** Spec §5 and §9: a template's name is 2 to 8 characters (counted as characters, not bytes). */
export const SHOP_TEMPLATE_NAME_MIN = 2;
export const SHOP_TEMPLATE_NAME_MAX = 8;
/** The largest product side a scene or a product shot takes, cm (a wardrobe, a bicycle). */
export const SHOP_SIZE_MAX_CM = 500;
/** Templates one user may keep; the starter set does not count. */
export const SHOP_TEMPLATES_PER_USER = 50;

export const shopCategories = [
  'general',
  'beauty',
  'electronics',
  'fashion',
  'food',
  'home',
  'toys',
  'sports',
] as const;
export type ShopCategory = (typeof shopCategories)[number];

/** Marketplace picture shapes: the square listing picture, the tall detail picture, the banner. */
export const shopRatios = ['1:1', '3:4', '16:9'] as const;
export type ShopRatio = (typeof shopRatios)[number];

/** Output sizes per shape: 800×800 is the marketplaces' common listing size. */
export const shopOutputSizes: Record<ShopRatio, { width: number; height: number }> = {
  '1:1': { width: 800, height: 800 },
  '3:4': { width: 900, height: 1200 },
  '16:9': { width: 1600, height: 900 },
};

/** How the scene behind the product is drawn. */
export const shopSceneStyles = ['studio', 'gradient', 'podium', 'split'] as const;
export type ShopSceneStyle = (typeof shopSceneStyles)[number];

/** The shipped typefaces (open fonts from npm, Latin and CJK): text layers pick one. */
export const shopFonts = ['sans', 'serif', 'display', 'cjk'] as const;
export type ShopFont = (typeof shopFonts)[number];

const cm = z.number().positive().max(SHOP_SIZE_MAX_CM);

export const shopSizeSchema = z.object({ length: cm, width: cm, height: cm });
export type ShopSize = z.infer<typeof shopSizeSchema>;

/** The scene a template describes: its ground, its colours and the fonts of its text layers. */
export const shopSceneSchema = z.object({
  style: z.enum(shopSceneStyles),
  /** The ground's two colours (top and bottom, or the two halves of a split). */
  colors: z.tuple([hexColourSchema, hexColourSchema]),
  /** The colour of titles, points and price. */
  text_color: hexColourSchema,
  /** The price tag's colour. */
  accent_color: hexColourSchema,
  title_font: z.enum(shopFonts),
  body_font: z.enum(shopFonts),
});
export type ShopScene = z.infer<typeof shopSceneSchema>;

export const shopTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: shopSizeSchema,
  category: z.enum(shopCategories),
  ratio: z.enum(shopRatios),
  scene: shopSceneSchema,
  /** A starter template everyone sees and nobody edits. */
  builtin: z.boolean(),
  created_time: z.string(),
});
export type ShopTemplate = z.infer<typeof shopTemplateSchema>;

export const shopTemplateBodySchema = z.object({
  /** Checked for its 2–8 characters by the service, which answers a translated reason. */
  name: z.string().trim().max(100),
  size: shopSizeSchema,
  category: z.enum(shopCategories),
  ratio: z.enum(shopRatios),
  scene: shopSceneSchema,
});
export type ShopTemplateBody = z.infer<typeof shopTemplateBodySchema>;

export const shopTemplateListSchema = z.object({ data: z.array(shopTemplateSchema) });

export const shopTemplateParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** A template name's length in characters (a CJK character or an emoji counts once). */
export function shopTemplateNameLength(name: string): number {
  return [...name.trim()].length;
}

export function isShopTemplateName(name: string): boolean {
  const n = shopTemplateNameLength(name);
  return n >= SHOP_TEMPLATE_NAME_MIN && n <= SHOP_TEMPLATE_NAME_MAX;
}

/** The starter set, shipped with the product and shown to everyone (ids start with `starter-`). */
export const starterShopTemplates: readonly ShopTemplate[] = [
  {
    id: 'starter-studio',
    name: 'Studio',
    size: { length: 30, width: 20, height: 40 },
    category: 'general',
    ratio: '1:1',
    scene: {
      style: 'studio',
      colors: ['#f5f5f4', '#d6d3d1'],
      text_color: '#1c1917',
      accent_color: '#dc2626',
      title_font: 'sans',
      body_font: 'sans',
    },
    builtin: true,
    created_time: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 'starter-beauty',
    name: 'Beauty',
    size: { length: 15, width: 10, height: 20 },
    category: 'beauty',
    ratio: '3:4',
    scene: {
      style: 'podium',
      colors: ['#fce7f3', '#f9a8d4'],
      text_color: '#831843',
      accent_color: '#be185d',
      title_font: 'serif',
      body_font: 'sans',
    },
    builtin: true,
    created_time: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 'starter-tech',
    name: 'Tech',
    size: { length: 40, width: 30, height: 30 },
    category: 'electronics',
    ratio: '16:9',
    scene: {
      style: 'gradient',
      colors: ['#1e3a8a', '#0f172a'],
      text_color: '#f8fafc',
      accent_color: '#f59e0b',
      title_font: 'display',
      body_font: 'sans',
    },
    builtin: true,
    created_time: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 'starter-fresh',
    name: 'Fresh',
    size: { length: 25, width: 25, height: 25 },
    category: 'food',
    ratio: '1:1',
    scene: {
      style: 'split',
      colors: ['#ecfccb', '#65a30d'],
      text_color: '#1a2e05',
      accent_color: '#ea580c',
      title_font: 'display',
      body_font: 'sans',
    },
    builtin: true,
    created_time: '2026-11-01T00:00:00.000Z',
  },
];

export function isStarterTemplateId(id: string): boolean {
  return id.startsWith('starter-');
}

/** What an OCR pass found in a picture: each line's text and its box in the picture's pixels. */
export const ocrLineSchema = z.object({
  text: z.string(),
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** The recogniser's confidence, 0–1. */
  score: z.number(),
});
export type OcrLine = z.infer<typeof ocrLineSchema>;

export const ocrBodySchema = z.object({ key: z.string().trim().min(1).max(300) });
export const ocrResultSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  lines: z.array(ocrLineSchema),
});
export type OcrResult = z.infer<typeof ocrResultSchema>;

/** Languages a picture is translated from and into: the interface languages and a few more. */
export const translateLanguages = ['en', 'zh', 'ja', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type TranslateLanguage = (typeof translateLanguages)[number];

/** What a product-shot engine receives: the product, the template's scene, shapes and text. */
export const productShotSettingsSchema = z.object({
  product: shopSizeSchema,
  category: z.enum(shopCategories),
  template: z.object({ id: z.string(), size: shopSizeSchema, scene: shopSceneSchema }),
  sizes: z.array(z.enum(shopRatios)).min(1),
  text: z.object({ title: z.string(), points: z.array(z.string()), price: z.string() }),
});
export type ProductShotSettings = z.infer<typeof productShotSettingsSchema>;

/** What a model-picture engine receives. */
export const productOnModelSettingsSchema = z.object({
  category: z.enum(shopCategories),
  model: z.enum(['woman', 'man', 'child']),
  pose: z.enum(['wear', 'hold']),
});
export type ProductOnModelSettings = z.infer<typeof productOnModelSettingsSchema>;

/** What an image-translation engine receives: the languages and the user's lines, if any. */
export const imageTranslateSettingsSchema = z.object({
  source: z.enum(translateLanguages),
  target: z.enum(translateLanguages),
  lines: z
    .array(
      z.object({
        text: z.string(),
        translation: z.string(),
        box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      }),
    )
    .optional(),
});
export type ImageTranslateSettings = z.infer<typeof imageTranslateSettingsSchema>;

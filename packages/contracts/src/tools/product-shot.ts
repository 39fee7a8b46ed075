import { z } from 'zod';
import { SHOP_SIZE_MAX_CM, shopCategories, shopRatios } from '../ecommerce';
import { defineTool } from './define';
import { editingImageRules } from './editing';

const cm = z.number().positive().max(SHOP_SIZE_MAX_CM);

/** The longest title, selling point and price a picture's text layers take. */
export const SHOP_TITLE_MAX = 40;
export const SHOP_POINT_MAX = 30;
export const SHOP_POINTS_MAX = 3;
export const SHOP_PRICE_MAX = 16;

/** The text layers drawn on a product picture, in the template's fonts. */
export const shopTextSchema = z.object({
  title: z.string().trim().max(SHOP_TITLE_MAX).default(''),
  points: z.array(z.string().trim().max(SHOP_POINT_MAX)).max(SHOP_POINTS_MAX).default([]),
  price: z.string().trim().max(SHOP_PRICE_MAX).default(''),
});
export type ShopText = z.infer<typeof shopTextSchema>;

/**
 * E-commerce product pictures: up to three photos of one product, its real size (spec §5:
 * length, width and height in cm are required) and a template → one picture per marketplace
 * shape, the product cut out and set on the template's scene with a contact shadow, a
 * reflection and the text layers.
 */
export const productShot = defineTool({
  id: 'product_shot',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 3], imageRules: editingImageRules },
  scoresOutputs: true,
  params: z.object({
    length_cm: cm,
    width_cm: cm,
    height_cm: cm,
    category: z.enum(shopCategories).optional(),
    /** A template's id from `/prod-api/content/ecommerce/templates`; the studio starter if unset. */
    template: z.string().trim().min(1).max(64).optional(),
    /** The shapes to make, each one result (1 credit each); all three when unset. */
    sizes: z.array(z.enum(shopRatios)).min(1).max(shopRatios.length).optional(),
    title: shopTextSchema.shape.title,
    points: shopTextSchema.shape.points,
    price: shopTextSchema.shape.price,
  }),
  cost: 'image',
  gate: 'ai_tools',
  counter: 'image',
  ui: { category: 'create', icon: 'IconShoppingBag', order: 60, route: '/studio/shop?tab=product' },
});

import { z } from 'zod';
import { shopCategories } from '../ecommerce';
import { defineTool } from './define';
import { editingImageRules } from './editing';

export const shopModelKinds = ['woman', 'man', 'child'] as const;
export const shopModelPoses = ['wear', 'hold'] as const;

/**
 * E-commerce model pictures: the product worn or held by a generated model. A person needs a
 * generative model, so the CPU answers a labelled preview and GPU or API engines the picture.
 */
export const productOnModel = defineTool({
  id: 'product_on_model',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 3], imageRules: editingImageRules },
  single: true,
  scoresOutputs: true,
  params: z.object({
    category: z.enum(shopCategories).optional(),
    model: z.enum(shopModelKinds).default('woman'),
    pose: z.enum(shopModelPoses).default('hold'),
  }),
  cost: 'image',
  gate: 'ai_tools',
  counter: 'image',
  ui: { category: 'create', icon: 'IconShirt', order: 61, route: '/studio/shop?tab=model' },
});

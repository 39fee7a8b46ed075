import { z } from 'zod';
import { defineTool } from './define';
import { editingImageRules } from './editing';

/** Where a garment is worn, as the try-on models divide clothes. */
export const tryOnCategories = ['top', 'bottom', 'dress', 'outerwear'] as const;
export type TryOnCategory = (typeof tryOnCategories)[number];

/**
 * Virtual try-on: a photo of a person (first picture) wearing the garment of a second photo
 * (a product shot or a flat lay). One result per run.
 */
export const tryOn = defineTool({
  id: 'try_on',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [2, 2], imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: true,
  params: z.object({ category: z.enum(tryOnCategories).default('top') }),
  cost: 'image',
  counter: 'image',
  ui: { category: 'create', icon: 'IconShirt', order: 50, route: '/studio/try-on' },
});

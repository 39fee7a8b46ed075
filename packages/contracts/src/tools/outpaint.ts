import { z } from 'zod';
import { defineTool } from './define';
import { editingImageRules } from './editing';

/** The most one side may grow, in the input's pixels. */
export const OUTPAINT_MAX_EXPAND_PX = 2048;

const side = z.coerce.number().int().min(0).max(OUTPAINT_MAX_EXPAND_PX).default(0);

/**
 * Magic expand: a larger canvas around the picture, to a ratio (`params.wh_ratio`, centred)
 * or by pixels per side (`params.expand`); the original pixels stay where they are.
 */
export const outpaint = defineTool({
  id: 'outpaint',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: editingImageRules },
  single: true,
  scoresOutputs: true,
  params: z.object({
    expand: z
      .object({ left: side, right: side, top: side, bottom: side })
      .refine((e) => e.left + e.right + e.top + e.bottom > 0, 'must grow at least one side')
      .optional(),
  }),
  cost: 'image',
  gate: 'expand',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconArrowsDiagonal', order: 30, editor: 'expand' },
});

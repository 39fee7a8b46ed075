import { z } from 'zod';
import { defineTool } from './define';
import { editingImageRules } from './editing';

/** Background removal: a cut-out on nothing, a colour, a blurred copy or the user's picture. */
export const removeBg = defineTool({
  id: 'remove_bg',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: false,
  params: z.object({
    /** `transparent`, `#rrggbb`, `#rgb`, `blur` or an uploaded picture's key. */
    background: z.string().max(300).optional(),
  }),
  cost: 'image',
  gate: 'remove_bg',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconBackground', order: 40, editor: 'background' },
});

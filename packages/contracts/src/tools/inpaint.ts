import { defineTool } from './define';
import { editingImageRules } from './editing';

/** Repaint: the masked area painted anew from the prompt. */
export const inpaint = defineTool({
  id: 'inpaint',
  media: 'image',
  available: true,
  inputs: { prompt: 'required', images: [1, 1], mask: 'required', imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: true,
  cost: 'image',
  gate: 'replace',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconBrush', order: 10, editor: 'mask' },
});

import { defineTool } from './define';
import { editingImageRules } from './editing';

/**
 * Magic eraser: what the mask covers is removed and filled from what is around it. Nothing
 * new is drawn, so the result is not scored again.
 */
export const erase = defineTool({
  id: 'erase',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], mask: 'required', imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: false,
  cost: 'image',
  gate: 'eraser',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconEraser', order: 20, editor: 'mask' },
});

import { defineTool } from './define';
import { editingImageRules } from './editing';

/** Instruction edit: "make it night", "add a red scarf"; vivago's `image_easy_edit`. */
export const imageEdit = defineTool({
  id: 'image_edit',
  media: 'image',
  available: true,
  inputs: { prompt: 'required', images: [1, 1], imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: true,
  cost: 'image',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconWand', order: 5, editor: 'instruction' },
});

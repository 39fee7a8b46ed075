import { z } from 'zod';
import { defineTool } from './define';
import { editingImageRules } from './editing';

export const vectorizePresets = ['detailed', 'posterized', 'line_art'] as const;
export type VectorizePreset = (typeof vectorizePresets)[number];

/** Vector conversion: an SVG traced from the picture, and a PNG render of it. */
export const vectorize = defineTool({
  id: 'vectorize',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: false,
  params: z.object({ preset: z.enum(vectorizePresets).default('detailed') }),
  cost: 'image',
  counter: 'imageEditor',
  ui: { category: 'enhance', icon: 'IconVectorBezier2', order: 30, editor: 'vectorize' },
});

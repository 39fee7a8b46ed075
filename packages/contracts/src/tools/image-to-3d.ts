import { defineTool } from './define';

/** Image to 3D: a model of the picture's subject. Spec §5: 3D input under 4K. */
export const imageTo3d = defineTool({
  id: 'image_to_3d',
  media: '3d',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: { maxSide: 4096 } },
  scoresOutputs: true,
  cost: '3d',
  counter: 'three',
  ui: { category: '3d', icon: 'IconCube3dSphere', order: 20, route: '/studio/3d' },
});

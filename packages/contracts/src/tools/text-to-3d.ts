import { defineTool } from './define';

/** Text to 3D: a textured GLB model. */
export const textTo3d = defineTool({
  id: 'text_to_3d',
  media: '3d',
  available: true,
  inputs: { prompt: 'required', images: [0, 0] },
  scoresOutputs: true,
  cost: '3d',
  counter: 'three',
  ui: { category: '3d', icon: 'IconCube', order: 10, route: '/studio/3d' },
});

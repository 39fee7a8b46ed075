import { defineTool } from './define';

/** Image to image: a picture restyled or varied under a prompt. */
export const img2img = defineTool({
  id: 'img2img',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1] },
  keepsInputShape: true,
  scoresOutputs: true,
  cost: 'image',
  counter: 'image',
  ui: { category: 'create', icon: 'IconPhotoEdit', order: 20, route: '/studio/image' },
});

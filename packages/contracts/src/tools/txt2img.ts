import { defineTool } from './define';

/** Text to image: the image studio's first mode. */
export const txt2img = defineTool({
  id: 'txt2img',
  media: 'image',
  available: true,
  inputs: { prompt: 'required', images: [0, 0] },
  scoresOutputs: true,
  cost: 'image',
  counter: 'image',
  ui: { category: 'create', icon: 'IconPhoto', order: 10, route: '/studio/image' },
});

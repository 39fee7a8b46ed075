import { defineTool } from './define';

/** Multi-image reference video: up to five pictures of the subjects in one clip. */
export const videoMultiImg2vid = defineTool({
  id: 'video_diffusion_multi_img2vid',
  media: 'video',
  available: false,
  inputs: { prompt: 'required', images: [1, 5] },
  scoresOutputs: true,
  soundEffect: true,
  cost: 'video',
  counter: 'video',
  ui: { category: 'video', icon: 'IconLayersIntersect', order: 40 },
});

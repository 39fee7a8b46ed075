import { defineTool } from './define';

/** Multi-image reference video: two to four pictures of the subjects, staged in one clip. */
export const videoMultiImg2vid = defineTool({
  id: 'video_diffusion_multi_img2vid',
  media: 'video',
  available: true,
  inputs: { prompt: 'required', images: [2, 4] },
  scoresOutputs: true,
  soundEffect: true,
  cost: 'video',
  counter: 'video',
  ui: { category: 'video', icon: 'IconLayersIntersect', order: 40, videoMode: 'multi_image' },
});

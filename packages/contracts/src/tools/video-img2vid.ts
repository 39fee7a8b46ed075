import { defineTool } from './define';

/**
 * Image to video: a picture set in motion; with an effect template, one picture, or two for the
 * two-person effects (hug, kiss).
 */
export const videoImg2vid = defineTool({
  id: 'video_diffusion_img2vid',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [1, 2] },
  keepsInputShape: true,
  scoresOutputs: true,
  soundEffect: true,
  cost: 'video',
  counter: 'video',
  ui: {
    category: 'video',
    icon: 'IconPlayerPlay',
    order: 20,
    route: '/studio/video',
    videoMode: 'image',
  },
});

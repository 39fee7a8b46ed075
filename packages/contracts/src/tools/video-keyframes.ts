import { defineTool } from './define';

/** First and last frame: a clip that moves from one picture to the other. */
export const videoKeyframes = defineTool({
  id: 'video_diffusion_keyframes',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [2, 2] },
  keepsInputShape: true,
  scoresOutputs: true,
  soundEffect: true,
  cost: 'video',
  counter: 'video',
  ui: {
    category: 'video',
    icon: 'IconArrowsRightLeft',
    order: 30,
    route: '/studio/video',
    videoMode: 'keyframes',
  },
});

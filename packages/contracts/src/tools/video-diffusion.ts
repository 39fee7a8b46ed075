import { defineTool } from './define';

/** Text to video. */
export const videoDiffusion = defineTool({
  id: 'video_diffusion',
  media: 'video',
  available: true,
  inputs: { prompt: 'required', images: [0, 0] },
  scoresOutputs: true,
  soundEffect: true,
  cost: 'video',
  counter: 'video',
  ui: {
    category: 'video',
    icon: 'IconMovie',
    order: 10,
    route: '/studio/video',
    videoMode: 'text',
  },
});

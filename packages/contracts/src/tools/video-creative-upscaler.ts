import { defineTool } from './define';

/** 4K enhancement of a video. */
export const videoCreativeUpscaler = defineTool({
  id: 'video_creative_upscaler',
  media: 'video',
  available: false,
  inputs: { prompt: 'optional', images: [0, 0], videos: [1, 1] },
  single: true,
  scoresOutputs: false,
  cost: 'video',
  gate: 'video_enhance',
  counter: 'video',
  ui: { category: 'video', icon: 'IconHdr', order: 70 },
});

import { defineTool } from './define';

/** 4K enhancement of a video (spec §5: input under 2K and under 5 s); the sound is kept. */
export const videoCreativeUpscaler = defineTool({
  id: 'video_creative_upscaler',
  media: 'video',
  available: true,
  inputs: {
    prompt: 'optional',
    images: [0, 0],
    videos: [1, 1],
    videoRules: { maxSide: 2047, maxDurationS: 5 },
  },
  single: true,
  scoresOutputs: false,
  cost: 'video',
  gate: 'video_enhance',
  counter: 'video',
  ui: { category: 'video', icon: 'IconHdr', order: 70, videoMode: 'enhance' },
});

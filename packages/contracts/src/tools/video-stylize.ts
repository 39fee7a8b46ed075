import { z } from 'zod';
import { videoStyles } from '../generation';
import { defineTool } from './define';

/** Video stylization (spec §5 "video edit"): a widescreen clip's first 4 s in one of the styles. */
export const videoStylize = defineTool({
  id: 'video_stylize',
  media: 'video',
  available: true,
  inputs: {
    prompt: 'optional',
    images: [0, 0],
    videos: [1, 1],
    videoRules: { ratio: '16:9', usesFirstS: 4 },
  },
  single: true,
  scoresOutputs: true,
  params: z.object({ style: z.enum(videoStyles) }),
  cost: 'video',
  counter: 'video',
  ui: { category: 'video', icon: 'IconPalette', order: 45, videoMode: 'stylize' },
});

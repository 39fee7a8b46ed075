import { z } from 'zod';
import { defineTool } from './define';

/**
 * Video extend: a widescreen clip continued from its last frame by 5 s (10 s for subscribers,
 * gated as any 10-second video); the result is the whole clip with the extension.
 */
export const videoExtend = defineTool({
  id: 'video_extend',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [0, 0], videos: [1, 1], videoRules: { ratio: '16:9' } },
  single: true,
  scoresOutputs: true,
  params: z.object({
    duration: z.coerce
      .number()
      .int()
      .refine((d) => d === 5 || d === 10, 'must be 5 or 10')
      .default(5),
  }),
  cost: 'video',
  counter: 'video',
  ui: { category: 'video', icon: 'IconPlayerTrackNext', order: 35, videoMode: 'extend' },
});

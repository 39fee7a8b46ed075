import { z } from 'zod';
import { defineTool } from './define';

/**
 * Enhance 2×, 4× or 4K (`params.scale`). The choice's reach depends on the picture's size
 * (see planUpscale), so the gateway checks it once the picture is known. Spec §5: small
 * pictures are what enhancing is for, so the 300 px floor does not apply.
 */
export const upscale = defineTool({
  id: 'upscale',
  media: 'image',
  available: true,
  inputs: {
    prompt: 'optional',
    images: [1, 1],
    imageRules: { maxBytes: 20 * 1024 * 1024, minSide: 64, maxSide: 2048 },
  },
  single: true,
  scoresOutputs: false,
  params: z.object({
    /** 2, 4 or "4k" (also "2" and "4"). */
    scale: z.union([z.number(), z.string().max(8)]).optional(),
  }),
  cost: 'image',
  gate: 'enhance',
  counter: 'imageEditor',
  ui: { category: 'enhance', icon: 'IconArrowsMaximize', order: 10, editor: 'enhance' },
});

import { z } from 'zod';
import { hexColourSchema } from '../image-tools';
import { defineTool } from './define';

/** The most areas one picture may be brushed in. */
export const MOTION_BRUSH_MAX_AREAS = 6;

const point = z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]);

/**
 * Magic brush (spec §1, §5): areas of one picture painted in distinct colours (each a mask,
 * white where painted), each moved along its own track of points given as fractions of the
 * picture's width and height. At least one brush and one track; each colour once; one track
 * per area.
 */
export const videoMotionBrush = defineTool({
  id: 'video_motion_brush',
  media: 'video',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1] },
  single: true,
  keepsInputShape: true,
  scoresOutputs: true,
  params: z.object({
    brushes: z
      .array(z.object({ color: hexColourSchema, mask: z.string().trim().min(1).max(300) }))
      .min(1)
      .max(MOTION_BRUSH_MAX_AREAS),
    tracks: z
      .array(z.object({ color: hexColourSchema, points: z.array(point).min(2).max(64) }))
      .min(1)
      .max(MOTION_BRUSH_MAX_AREAS),
  }),
  cost: 'video',
  gate: 'brush',
  counter: 'video',
  ui: { category: 'video', icon: 'IconBrush', order: 55, videoMode: 'brush' },
});

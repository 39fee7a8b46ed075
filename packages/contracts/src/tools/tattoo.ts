import { z } from 'zod';
import { defineTool } from './define';

export const tattooStyles = [
  'fine_line',
  'blackwork',
  'traditional',
  'watercolor',
  'tribal',
  'geometric',
] as const;
export type TattooStyle = (typeof tattooStyles)[number];

/** "Fine line", "fine-line" and the British "watercolour" name the same styles. */
const tattooStyleSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, '_')
          .replace('watercolour', 'watercolor')
      : value,
  z.enum(tattooStyles),
);

export const tattooParamsSchema = z.object({
  style: tattooStyleSchema.default('fine_line'),
  /** An uploaded photo of the body place (its media key): the design is shown on it. */
  body: z.string().trim().min(1).max(300).optional(),
});
export type TattooParams = z.infer<typeof tattooParamsSchema>;

/**
 * AI tattoo: a design from words or from a reference picture, in one of the tattoo styles,
 * with its stencil (black on white, for the transfer paper) and, when a photo of the body
 * place comes along, the design shown on the skin.
 */
export const tattoo = defineTool({
  id: 'tattoo',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [0, 1] },
  scoresOutputs: true,
  params: tattooParamsSchema,
  cost: 'image',
  gate: 'ai_tools',
  counter: 'image',
  ui: { category: 'create', icon: 'IconNeedleThread', order: 41, route: '/studio/tattoo' },
});

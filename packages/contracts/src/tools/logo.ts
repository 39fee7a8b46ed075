import { z } from 'zod';
import { defineTool } from './define';

export const logoStyles = [
  'minimal',
  'emblem',
  'mascot',
  'lettermark',
  'wordmark',
  'badge',
  'vintage',
] as const;
export type LogoStyle = (typeof logoStyles)[number];

export const LOGO_BRAND_MAX_LENGTH = 40;
export const LOGO_SLOGAN_MAX_LENGTH = 80;
export const LOGO_INDUSTRY_MAX_LENGTH = 40;
/** The brand colours a logo takes: a main colour and up to two accents. */
export const LOGO_MAX_COLOURS = 3;

/** `#rgb` or `#rrggbb`; the engines draw with the six-digit form. */
export const hexColourSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a colour is #rgb or #rrggbb')
  .transform((value) =>
    value.length === 4
      ? `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase()
      : value.toLowerCase(),
  );

export const logoParamsSchema = z.object({
  brand: z.string().trim().min(1).max(LOGO_BRAND_MAX_LENGTH),
  slogan: z.string().trim().max(LOGO_SLOGAN_MAX_LENGTH).optional(),
  industry: z.string().trim().max(LOGO_INDUSTRY_MAX_LENGTH).optional(),
  style: z.enum(logoStyles).default('minimal'),
  colors: z.array(hexColourSchema).max(LOGO_MAX_COLOURS).optional(),
});
export type LogoParams = z.infer<typeof logoParamsSchema>;

/**
 * AI logo: a brand's name (and slogan, industry, style, colours) made into logos, one layout
 * per result, each as an SVG, a transparent PNG and a mockup on a business card. The prompt
 * is optional: words on what the mark should show.
 */
export const logo = defineTool({
  id: 'logo',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [0, 0] },
  scoresOutputs: true,
  params: logoParamsSchema,
  cost: 'image',
  gate: 'ai_tools',
  counter: 'image',
  ui: { category: 'create', icon: 'IconSignature', order: 40, route: '/studio/logo' },
});

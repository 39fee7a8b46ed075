import { z } from 'zod';
import { defineTool } from './define';
import { editingImageRules } from './editing';

/**
 * The portrait studio's looks. The first six are colour, light and texture work a CPU does
 * for real on the photo; `watercolour`, `pixar` and `fantasy` redraw the person, which needs
 * an identity-keeping model, so the CPU shows them as a labelled preview.
 */
export const portraitStyles = [
  'headshot',
  'studio',
  'anime',
  'oil_painting',
  'cyberpunk',
  'vintage',
  'watercolour',
  'pixar',
  'fantasy',
] as const;
export type PortraitStyle = (typeof portraitStyles)[number];

/** The styles the CPU cannot do faithfully: it answers them as a labelled preview. */
export const portraitModelStyles: ReadonlySet<PortraitStyle> = new Set([
  'watercolour',
  'pixar',
  'fantasy',
]);

/**
 * AI portrait: one photo of one face (spec §5's clear portrait), restyled as a headshot, a
 * studio portrait, a painting and so on, keeping who it is. `batch_size` asks for several.
 */
export const portrait = defineTool({
  id: 'portrait',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: editingImageRules },
  portrait: true,
  scoresOutputs: true,
  params: z.object({ style: z.enum(portraitStyles).default('headshot') }),
  cost: 'image',
  counter: 'image',
  filedIn: 'portraits',
  ui: { category: 'create', icon: 'IconUserCircle', order: 40, route: '/studio/portrait' },
});

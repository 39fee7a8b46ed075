import { z } from 'zod';
import { translateLanguages } from '../ecommerce';
import { defineTool } from './define';
import { editingImageRules } from './editing';

/** The most lines one picture's translation carries. */
export const TRANSLATE_LINES_MAX = 40;
export const TRANSLATE_LINE_MAX = 200;

/** One line to replace: where it is (the OCR box, picture pixels) and what it becomes. */
export const translateLineSchema = z.object({
  text: z.string().max(TRANSLATE_LINE_MAX).default(''),
  translation: z.string().trim().max(TRANSLATE_LINE_MAX),
  box: z.object({
    x: z.number().min(0),
    y: z.number().min(0),
    width: z.number().positive(),
    height: z.number().positive(),
  }),
});
export type TranslateLine = z.infer<typeof translateLineSchema>;

/**
 * Image translation: the text in a picture found by OCR, translated (by a language model when
 * one is configured, otherwise the user's own lines from the studio), the old text inpainted
 * away and the new text drawn in its place at a matching size and colour. Spec §5: the source
 * and target languages differ.
 */
export const imageTranslate = defineTool({
  id: 'image_translate',
  media: 'image',
  available: true,
  inputs: { prompt: 'optional', images: [1, 1], imageRules: editingImageRules },
  single: true,
  keepsInputShape: true,
  scoresOutputs: false,
  params: z.object({
    source: z.enum(translateLanguages),
    target: z.enum(translateLanguages),
    lines: z.array(translateLineSchema).max(TRANSLATE_LINES_MAX).optional(),
  }),
  cost: 'image',
  gate: 'ai_tools',
  counter: 'imageEditor',
  ui: { category: 'edit', icon: 'IconLanguage', order: 60, route: '/studio/shop?tab=translate' },
});

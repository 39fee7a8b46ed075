import type { EngineSettings } from '@lumen/contracts/generation';
import type { TaskType } from '@lumen/contracts/task-types';
import { ERASE_PROMPT, OUTPAINT_PROMPT } from '../edit-images';
import type { ResolvedInputs } from './input-media';
import { defined, seed31 } from './input-values';
import { ModelApiError } from './model-api-errors';

/** What one call to a model is made from: the task's settings, its media as URLs, and how many outputs. */
export type MapContext = {
  /** The tool the call serves: a family shared by several tools (FLUX Fill) words it per tool. */
  taskType: TaskType;
  settings: EngineSettings;
  media: ResolvedInputs;
  /** Outputs this call should make (at most the family's `maxPerCall`). */
  count: number;
  /** This call's seed (the task's seed, plus one per earlier call). */
  seed: number;
};

export type ModelFamily = {
  /** Recognises an admin's model id as this family (the defaults name their family outright). */
  matches: RegExp;
  /** Outputs one call can make; a task asking for more makes several calls. */
  maxPerCall: number;
  map(ctx: MapContext): Record<string, unknown>;
};

export const first = (list: string[]): string | undefined => list[0];

/**
 * What a model nobody described gets: the inputs most image and video models share. An admin
 * adds whatever else it needs as fixed inputs on the route.
 */
export const genericFamily = (provider: 'replicate' | 'fal'): ModelFamily => ({
  matches: /$^/,
  maxPerCall: 1,
  map: ({ settings, media, seed }) =>
    defined({
      prompt: settings.prompt,
      [provider === 'fal' ? 'image_url' : 'image']: first(media.images),
      seed: seed31(seed),
      aspect_ratio: settings.ratio,
    }),
});

/**
 * The upscaler model's `scale` input for an enhance: 2 for 2× (and tasks from before the
 * choice), 4 for 4× and 4K; the engine then resizes the result to the exact planned size.
 */
export function upscalerScale(settings: EngineSettings): 2 | 4 {
  const choice = settings.upscale?.scale;
  return choice === 4 || choice === '4k' ? 4 : 2;
}

/**
 * What a fill model is asked to paint: the user's words for a repaint; for the eraser, which
 * must draw nothing new, the neutral prompt whatever came along; for an expand, the user's
 * words or the neutral continuation when there are none.
 */
export function fillPrompt({ taskType, settings }: MapContext): string {
  if (taskType === 'erase') return ERASE_PROMPT;
  if (taskType === 'outpaint') return settings.prompt.trim() || OUTPAINT_PROMPT;
  return settings.prompt;
}

/**
 * An expand's layout as Bria takes it: the whole canvas, the picture's size on it (unscaled)
 * and its top-left corner, all from the planned padding.
 */
export function expandLayout({ settings, media }: MapContext): {
  canvas_size: [number, number];
  original_image_size: [number, number];
  original_image_location: [number, number];
} {
  const size = media.imageSize;
  const padding = settings.outpaint;
  if (!size || !padding) {
    throw new ModelApiError('bad_input', 'An expand needs the picture and how far each side grows');
  }
  return {
    canvas_size: [
      size.width + padding.left + padding.right,
      size.height + padding.top + padding.bottom,
    ],
    original_image_size: [size.width, size.height],
    original_image_location: [padding.left, padding.top],
  };
}

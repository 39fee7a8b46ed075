import type { EngineSettings } from '@lumen/contracts/generation';
import type { ResolvedInputs } from './input-media';
import { defined, seed31 } from './input-values';

/** What one call to a model is made from: the task's settings, its media as URLs, and how many outputs. */
export type MapContext = {
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

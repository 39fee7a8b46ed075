import { algoConfigListResultSchema, type AlgoConfigItem } from '@lumen/contracts/algo-config';
import type { Language } from '@lumen/contracts/i18n';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** Where the server serves a template's preview clip and its poster when it has none of its own. */
export const EFFECT_PREVIEWS_PATH = '/effect-previews';

/** An effect template as the templates screen shows it. */
export interface EffectTemplate {
  key: string;
  name: string;
  /** Photos it takes: the two-person effects (hug, kiss) take two. */
  images: 1 | 2;
  /** A looping clip of the effect. */
  previewUrl: string;
  posterUrl: string;
}

/** What a template row's params may say about it; anything else is left alone. */
const templateParamsSchema = z.object({
  names: z.record(z.string(), z.string()).optional(),
  images: z.union([z.literal(1), z.literal(2)]).optional(),
  preview_video: z.string().optional(),
});

/**
 * A template row as shown: its name in the reader's language, and its own preview clip and
 * cover where an admin set them, else the ones the server makes from the effect itself.
 */
export function effectTemplateOf(row: AlgoConfigItem, language: Language): EffectTemplate {
  const params = templateParamsSchema.safeParse(row.params);
  const own = params.success ? params.data : {};
  const key = encodeURIComponent(row.key);
  return {
    key: row.key,
    name: own.names?.[language] ?? own.names?.en ?? row.name,
    images: own.images ?? 1,
    previewUrl: own.preview_video ?? `${EFFECT_PREVIEWS_PATH}/${key}.mp4`,
    posterUrl: row.cover ?? `${EFFECT_PREVIEWS_PATH}/${key}.jpg`,
  };
}

/** `GET /prod-api/content/algo_config/list?algo_set=effect_set`: the enabled effect templates. */
export function listEffectTemplates(): Promise<AlgoConfigItem[]> {
  return api
    .get('/prod-api/content/algo_config/list', {
      query: { algo_set: 'effect_set', client_type: 'web' },
      schema: algoConfigListResultSchema,
      silent: true,
      noLogin: true,
    })
    .then((result) => result.data);
}

export function useEffectTemplates() {
  return useQuery({
    queryKey: ['video-tools', 'effect-templates'],
    queryFn: listEffectTemplates,
    staleTime: 5 * 60_000,
  });
}

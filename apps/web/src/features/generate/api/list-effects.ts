import { algoConfigListResultSchema, type AlgoConfigItem } from '@lumen/contracts/algo-config';
import type { Language } from '@lumen/contracts/i18n';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';

/** One effect template as the studio shows it. */
export interface EffectTemplate {
  key: string;
  /** Its name in the reader's language (the English one when none is stored). */
  name: string;
  /** One picture, or two for the two-person effects (hug, kiss). */
  images: 1 | 2;
  cover: string | null;
}

const effectParamsSchema = z.object({
  names: z.record(z.string(), z.string()).optional(),
  images: z.union([z.literal(1), z.literal(2)]).catch(1),
});

export function effectOf(item: AlgoConfigItem, language: Language): EffectTemplate {
  const params = effectParamsSchema.safeParse(item.params);
  const names = params.success ? params.data.names : undefined;
  return {
    key: item.key,
    name: names?.[language] ?? item.name,
    images: params.success ? params.data.images : 1,
    cover: item.cover,
  };
}

/** `GET /prod-api/content/algo_config/list?algo_set=effect_set`: the effect templates. */
export function listEffects(): Promise<AlgoConfigItem[]> {
  return api
    .get('/prod-api/content/algo_config/list', {
      query: { algo_set: 'effect_set', client_type: 'web' },
      schema: algoConfigListResultSchema,
      noLogin: true,
    })
    .then((result) => result.data);
}

/** The templates, fetched only where they are shown (`enabled`). */
export function useEffects(enabled = true) {
  return useQuery({
    queryKey: ['generate', 'effects'],
    queryFn: listEffects,
    staleTime: 60_000,
    enabled,
  });
}

import { voiceListSchema } from '@lumen/contracts/voices';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export type Voice = z.infer<typeof voiceListSchema>['voices'][number];

/** `GET /prod-api/content/voices`: the preset speakers of lip sync, each with a sample. */
export function listVoices(): Promise<Voice[]> {
  return api
    .get('/prod-api/content/voices', { schema: voiceListSchema, noLogin: true })
    .then((result) => result.voices);
}

/** The voices, fetched only where they are offered (`enabled`). */
export function useVoices(enabled = true) {
  return useQuery({
    queryKey: ['generate', 'voices'],
    queryFn: listVoices,
    staleTime: Infinity,
    enabled,
  });
}

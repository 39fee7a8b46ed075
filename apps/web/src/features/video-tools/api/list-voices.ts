import { voiceListSchema } from '@lumen/contracts/voices';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';

export type Voice = z.infer<typeof voiceListSchema>['voices'][number];

/** `GET /prod-api/content/voices`: the preset speakers, each with a sample to play. */
export function listVoices(): Promise<Voice[]> {
  return api
    .get('/prod-api/content/voices', { schema: voiceListSchema, silent: true, noLogin: true })
    .then((result) => result.voices);
}

export function useVoices() {
  return useQuery({
    queryKey: ['video-tools', 'voices'],
    queryFn: listVoices,
    staleTime: Infinity,
  });
}

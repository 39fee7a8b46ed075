import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

const counterSchema = z.object({ generated: z.number().int(), all: z.number().int() });
const algoTimesSchema = z.record(z.string(), counterSchema);
export type GenerationCounter = z.infer<typeof counterSchema>;
export type AlgoTimes = z.infer<typeof algoTimesSchema>;

/** `GET /prod-api/trade/v1/account/algoTimes`: per kind, generations today and of all time. */
export function getAlgoTimes(): Promise<AlgoTimes> {
  return api.get('/prod-api/trade/v1/account/algoTimes', { schema: algoTimesSchema });
}

export function useAlgoTimes() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: ['algo-times', userId] as const,
    queryFn: getAlgoTimes,
    enabled: userId !== '',
  });
}

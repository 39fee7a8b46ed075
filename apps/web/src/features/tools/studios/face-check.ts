import { faceCheckResultSchema } from '@lumen/contracts/face-check';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** `POST /prod-api/content/face-check`: how many faces one of my pictures shows. */
export function useFaceCheck(key: string | null) {
  return useQuery({
    queryKey: ['studios', 'face-check', key],
    queryFn: () =>
      api.post('/prod-api/content/face-check', { key }, { schema: faceCheckResultSchema }),
    enabled: key !== null,
    staleTime: Infinity,
    retry: false,
  });
}

import { skuListSchema, type Sku } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const skusQueryKey = ['skus'] as const;

/** `GET /prod-api/trade/v1/skus` (spec §7: pageNum 1, pageSize 100, role general). Public. */
export function listSkus(): Promise<Sku[]> {
  return api
    .get('/prod-api/trade/v1/skus', {
      query: { pageNum: 1, pageSize: 100, role: 'general' },
      schema: skuListSchema,
    })
    .then((result) => result.list);
}

export function useSkus() {
  return useQuery({ queryKey: skusQueryKey, queryFn: listSkus, staleTime: 5 * 60_000 });
}

import { billsResultSchema, type billsFilters } from '@lumen/contracts/credits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export type BillsFilter = (typeof billsFilters)[number];
export type BillsResult = z.infer<typeof billsResultSchema>;
export type BillRow = BillsResult['data'][number];

export const BILLS_PAGE_SIZE = 20;

/** `GET /prod-api/trade/v1/credits/bills`; events come back in the user's language. */
export function listBills(filter: BillsFilter, page: number): Promise<BillsResult> {
  return api.get('/prod-api/trade/v1/credits/bills', {
    query: { filter, page, page_size: BILLS_PAGE_SIZE },
    schema: billsResultSchema,
  });
}

export function useBills(filter: BillsFilter, page: number) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: ['credit-bills', userId, filter, page] as const,
    queryFn: () => listBills(filter, page),
    enabled: userId !== '',
    // Keeps the old rows on screen while the next page loads, so the table doesn't jump.
    placeholderData: keepPreviousData,
  });
}

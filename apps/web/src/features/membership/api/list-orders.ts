import { orderListSchema, type OrderList } from '@lumen/contracts/trade';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const ORDERS_PAGE_SIZE = 10;
export const ordersQueryRoot = ['orders'] as const;

/** `GET /prod-api/trade/v1/orders`: the payment history, newest first. */
export function listOrders(page: number): Promise<OrderList> {
  return api.get('/prod-api/trade/v1/orders', {
    query: { pageNum: page, pageSize: ORDERS_PAGE_SIZE },
    schema: orderListSchema,
  });
}

export function useOrders(page: number) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: [...ordersQueryRoot, userId, page] as const,
    queryFn: () => listOrders(page),
    enabled: userId !== '',
    placeholderData: keepPreviousData,
  });
}

import { orderSchema, type Order } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { ordersQueryRoot } from './list-orders';

/** How often the result page asks again while the provider's confirmation is on its way. */
export const ORDER_POLL_MS = 2000;

/** `GET /prod-api/trade/v1/orders/{order_no}`. */
export function getOrder(orderNo: string): Promise<Order> {
  return api.get(`/prod-api/trade/v1/orders/${encodeURIComponent(orderNo)}`, {
    schema: orderSchema,
    silent: true,
  });
}

/** Polls while `poll` says the order may still change. */
export function useOrder(orderNo: string, poll: (order: Order | undefined) => boolean) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: [...ordersQueryRoot, userId, 'one', orderNo] as const,
    queryFn: () => getOrder(orderNo),
    enabled: userId !== '' && orderNo !== '',
    refetchInterval: (query) => (poll(query.state.data) ? ORDER_POLL_MS : false),
  });
}

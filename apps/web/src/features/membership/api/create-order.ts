import {
  createOrderResultSchema,
  type CreateOrderBody,
  type CreateOrderResult,
} from '@lumen/contracts/trade';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { goTo } from '../go-to';

/**
 * `POST /prod-api/trade/v1/orders`. The server's refusals (already subscribed, risk control,
 * pay error) arrive as its translated §8 message, which the client shows as a toast.
 */
export function createOrder(body: CreateOrderBody): Promise<CreateOrderResult> {
  return api.post('/prod-api/trade/v1/orders', body, { schema: createOrderResultSchema });
}

/** Creates the order and leaves for the provider's hosted checkout. */
export function useCheckout() {
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (result) => {
      goTo(result.checkout_url);
    },
  });
}

import { adminOrderListSchema, adminOrderSchema, type ReviewAction } from '@lumen/contracts/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export const PAYMENTS_REVIEW_PAGE_SIZE = 20;

export const paymentsReviewKeys = {
  all: ['admin-payments-review'] as const,
  page: (page: number) => ['admin-payments-review', page] as const,
};

/** `GET /prod-api/admin/orders/review`: orders paid with another amount, oldest first. */
export function usePaymentsInReview(page: number) {
  return useQuery({
    queryKey: paymentsReviewKeys.page(page),
    queryFn: () =>
      api.get('/prod-api/admin/orders/review', {
        query: { pageNum: page, pageSize: PAYMENTS_REVIEW_PAGE_SIZE },
        schema: adminOrderListSchema,
      }),
  });
}

/**
 * `POST /prod-api/admin/orders/{order_no}/resolve`: accept grants the order as paid, cancel
 * grants nothing. Sent silently: the page shows the translated refusal itself.
 */
export function useResolvePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, action }: { orderNo: string; action: ReviewAction }) =>
      api.post(
        `/prod-api/admin/orders/${encodeURIComponent(orderNo)}/resolve`,
        { action },
        { schema: adminOrderSchema, silent: true },
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentsReviewKeys.all });
    },
  });
}

import { subscriptionResultSchema, type Subscription } from '@lumen/contracts/trade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { refreshMembershipQueries } from './refresh-membership';

export type SubscriptionChange = 'cancel' | 'resume';

/**
 * `POST /prod-api/trade/v1/subscription/cancel` and `…/resume`. A cancel takes effect when the
 * period ends (spec §4); resume undoes it before then.
 */
export function changeSubscription(change: SubscriptionChange): Promise<Subscription | null> {
  return api.post(
    `/prod-api/trade/v1/subscription/${change}`,
    {},
    {
      schema: subscriptionResultSchema,
    },
  );
}

export function useChangeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscription,
    onSuccess: () => refreshMembershipQueries(queryClient),
  });
}

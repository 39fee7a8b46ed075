import { subscriptionResultSchema, type Subscription } from '@lumen/contracts/trade';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

export const subscriptionQueryRoot = ['subscription'] as const;

/** `GET /prod-api/trade/v1/subscription`: the paid subscription or running trial, or null. */
export function getSubscription(): Promise<Subscription | null> {
  return api.get('/prod-api/trade/v1/subscription', {
    schema: subscriptionResultSchema,
    silent: true,
  });
}

export function useSubscription() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: [...subscriptionQueryRoot, userId] as const,
    queryFn: getSubscription,
    enabled: userId !== '',
  });
}

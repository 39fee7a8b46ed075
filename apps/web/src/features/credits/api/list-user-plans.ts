import { userPlanSchema } from '@lumen/contracts/credits';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';

const userPlansResultSchema = z.object({ data: z.array(userPlanSchema) });
export type UserPlan = z.infer<typeof userPlanSchema>;

/** `GET /prod-api/trade/v1/userplans`: plan periods, newest first. */
export function listUserPlans(): Promise<UserPlan[]> {
  return api
    .get('/prod-api/trade/v1/userplans', { schema: userPlansResultSchema })
    .then((result) => result.data);
}

export function useUserPlans() {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: ['user-plans', userId] as const,
    queryFn: listUserPlans,
    enabled: userId !== '',
  });
}

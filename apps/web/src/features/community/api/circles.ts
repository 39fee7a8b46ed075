import { circleListSchema, circleSchema } from '@lumen/contracts/community';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { communityKeys } from './query-keys';

/** `GET /prod-api/content/circles`: every circle, with whether I joined it. */
export function useCircles() {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useQuery({
    queryKey: [...communityKeys.circles, viewer],
    queryFn: () => api.get('/prod-api/content/circles', { schema: circleListSchema }),
    select: (answer) => answer.list,
  });
}

/** `GET /prod-api/content/circles/{id}` */
export function useCircle(circleId: string) {
  return useQuery({
    queryKey: communityKeys.circle(circleId),
    queryFn: () =>
      api.get(`/prod-api/content/circles/${encodeURIComponent(circleId)}`, {
        schema: circleSchema,
        silent: true,
      }),
    enabled: circleId !== '',
  });
}

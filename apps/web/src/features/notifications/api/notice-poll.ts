import { NOTICE_POLL_MS } from '@lumen/contracts/constants';
import { noticePollingResultSchema } from '@lumen/contracts/community';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { notificationKeys } from './notification-keys';

export type NoticePoll = z.infer<typeof noticePollingResultSchema>;

/**
 * Spec §4 notice poll: `GET /prod-api/user/notice/polling` every 60 s while signed in, sending the
 * server time of the previous answer. When something new arrived, the open lists refresh.
 */
export function useNoticePoll() {
  const queryClient = useQueryClient();
  const viewer = useSession((s) => s.user?.userId ?? '');
  const key = notificationKeys.poll(viewer);
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const previous = queryClient.getQueryData<NoticePoll>(key);
      const answer = await api.get('/prod-api/user/notice/polling', {
        query: { timestamp: previous?.timestamp },
        schema: noticePollingResultSchema,
        silent: true,
      });
      if (previous && answer.has_new)
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists });
      return answer;
    },
    enabled: viewer !== '',
    refetchInterval: NOTICE_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 10_000,
  });
}

import {
  markReadResultSchema,
  queryNotifyListResultSchema,
  type NotifyType,
} from '@lumen/contracts/community';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import type { NoticePoll } from './notice-poll';
import { notificationKeys } from './notification-keys';

export const NOTIFY_PAGE_SIZE = 20;
type NotifyPage = z.infer<typeof queryNotifyListResultSchema> & { pageNo: number };

/** `POST /capi/notify/queryNotifyList`: one tab's notifications, newest first (pages from 1). */
export function useNotifyList(type: NotifyType, enabled = true) {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: notificationKeys.list(viewer, type),
    queryFn: async ({ pageParam }): Promise<NotifyPage> => ({
      ...(await api.post(
        '/capi/notify/queryNotifyList',
        { pageNo: pageParam, pageSize: NOTIFY_PAGE_SIZE, notifyType: type, status: -1 },
        { schema: queryNotifyListResultSchema },
      )),
      pageNo: pageParam,
    }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNo * NOTIFY_PAGE_SIZE < last.total ? last.pageNo + 1 : undefined,
    enabled: enabled && viewer !== '',
  });
}

export type MarkReadTarget = { ids: string[]; type: NotifyType } | { type: NotifyType; all: true };

/**
 * `POST /capi/notify/markRead`: items or a whole tab. The badge and the list change at once;
 * the next poll brings the server's counts.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useMutation({
    mutationFn: (target: MarkReadTarget) =>
      api.post(
        '/capi/notify/markRead',
        'ids' in target ? { ids: target.ids } : { notifyType: target.type },
        { schema: markReadResultSchema, silent: true },
      ),
    onMutate: (target) => {
      const ids = 'ids' in target ? new Set(target.ids) : null;
      let cleared = 0;
      queryClient.setQueryData<InfiniteData<NotifyPage>>(
        notificationKeys.list(viewer, target.type),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              resultList: page.resultList.map((item) => {
                if (item.readStatus === 1 || (ids && !ids.has(item.id))) return item;
                cleared += 1;
                return { ...item, readStatus: 1 as const };
              }),
            })),
          },
      );
      queryClient.setQueryData<NoticePoll>(notificationKeys.poll(viewer), (poll) => {
        if (!poll) return poll;
        const before = poll.unread[target.type];
        const left = ids ? Math.max(0, before - cleared) : 0;
        const drop = before - left;
        return {
          ...poll,
          unread: {
            ...poll.unread,
            [target.type]: left,
            total: Math.max(0, poll.unread.total - drop),
          },
        };
      });
    },
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.poll(viewer) }),
  });
}

import { workPageSchema, type WorkPage, type WorkStatus } from '@lumen/contracts/community';
import { useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { communityKeys, type FeedFilter } from './query-keys';

export const FEED_PAGE_SIZE = 24;

const nextCursor = (page: WorkPage) => page.next_cursor ?? undefined;

/** `GET /prod-api/content/works/explore`: approved works, one cursor page. */
export function listExplore(filter: FeedFilter, cursor?: string): Promise<WorkPage> {
  return api.get('/prod-api/content/works/explore', {
    query: {
      sort: filter.sort,
      kind: filter.kind,
      circle_id: filter.circleId,
      cmp_id: filter.cmpId,
      cursor,
      limit: FEED_PAGE_SIZE,
    },
    schema: workPageSchema,
  });
}

/** The explore feed for the viewer: liked and followed flags differ per person. */
export function useExploreFeed(filter: FeedFilter) {
  const viewer = useSession((s) => s.user?.userId ?? '');
  const following = filter.sort === 'following';
  return useInfiniteQuery({
    queryKey: communityKeys.feed(viewer, filter),
    queryFn: ({ pageParam }) => listExplore(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    // "Following" means nothing to a visitor; the page asks them to sign in instead.
    enabled: !following || viewer !== '',
  });
}

/**
 * Puts a visitor's first explore page, read by the server for the HTML it sent, where
 * `useExploreFeed` looks for it: the page hydrates with its cards and fetches nothing until the
 * query's usual stale time has passed.
 */
export function seedExploreFeed(client: QueryClient, filter: FeedFilter, page: WorkPage): void {
  const data: InfiniteData<WorkPage, string | undefined> = {
    pages: [page],
    pageParams: [undefined],
  };
  client.setQueryData(communityKeys.feed('', filter), data);
}

/** `GET /prod-api/content/favorites`: the works I favorited, newest first. */
export function useFavorites() {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: communityKeys.favorites(viewer),
    queryFn: ({ pageParam }) =>
      api.get('/prod-api/content/favorites', {
        query: { cursor: pageParam, limit: FEED_PAGE_SIZE },
        schema: workPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    enabled: viewer !== '',
  });
}

/** `GET /prod-api/content/users/{id}/works|likes`: someone's approved works or liked works. */
export function useUserWorks(userId: string, list: 'works' | 'likes', enabled = true) {
  return useInfiniteQuery({
    queryKey: communityKeys.userWorks(userId, list),
    queryFn: ({ pageParam }) =>
      api.get(`/prod-api/content/users/${encodeURIComponent(userId)}/${list}`, {
        query: { cursor: pageParam, limit: FEED_PAGE_SIZE },
        schema: workPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    enabled,
  });
}

/** `GET /prod-api/content/works/mine`: my works in every state, rejected ones with the reason. */
export function useMyWorks(status: WorkStatus | 'all', enabled = true) {
  const viewer = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: communityKeys.myWorks(viewer, status),
    queryFn: ({ pageParam }) =>
      api.get('/prod-api/content/works/mine', {
        query: {
          status: status === 'all' ? undefined : status,
          cursor: pageParam,
          limit: FEED_PAGE_SIZE,
        },
        schema: workPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    enabled: enabled && viewer !== '',
  });
}

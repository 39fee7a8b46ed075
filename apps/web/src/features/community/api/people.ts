import { communityUserSchema, personPageSchema } from '@lumen/contracts/community';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { FEED_PAGE_SIZE } from './feeds';
import { communityKeys, type PeopleList } from './query-keys';

/** `GET /prod-api/content/users/{user_id}`: a personal page's header. */
export function useCommunityUser(userId: string) {
  return useQuery({
    queryKey: communityKeys.user(userId),
    queryFn: () =>
      api.get(`/prod-api/content/users/${encodeURIComponent(userId)}`, {
        schema: communityUserSchema,
        silent: true,
      }),
    enabled: userId !== '',
  });
}

/** `GET /prod-api/content/users/{user_id}/followers|following|friends` */
export function usePeople(userId: string, list: PeopleList, enabled = true) {
  return useInfiniteQuery({
    queryKey: communityKeys.people(userId, list),
    queryFn: ({ pageParam }) =>
      api.get(`/prod-api/content/users/${encodeURIComponent(userId)}/${list}`, {
        query: { cursor: pageParam, limit: FEED_PAGE_SIZE },
        schema: personPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

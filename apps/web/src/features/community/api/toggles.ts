import {
  favoriteResultSchema,
  followResultSchema,
  joinResultSchema,
  likeResultSchema,
  voteResultSchema,
} from '@lumen/contracts/community';
import { api } from '../../../shared/api/client';
import { isComment, isFollowable, isWork, patchCommunityCaches } from '../cache-patch';
import { useOptimisticToggle, type ToggleState } from '../use-optimistic-toggle';

const post = (path: string, active: boolean) =>
  active ? api.post<unknown>(path) : api.delete<unknown>(path);

const enc = encodeURIComponent;

/** `POST|DELETE /prod-api/content/works/{id}/like` */
export function useWorkLike(workId: string) {
  return useOptimisticToggle({
    key: ['work-like', workId],
    request: async (active) => {
      const r = likeResultSchema.parse(
        await post(`/prod-api/content/works/${enc(workId)}/like`, active),
      );
      return { active: r.liked, count: r.like_count };
    },
    apply: (queryClient, s: ToggleState) =>
      patchCommunityCaches(queryClient, isWork(workId), (w) => ({
        ...w,
        liked: s.active,
        like_count: s.count,
      })),
  });
}

/** `POST|DELETE /prod-api/content/works/{id}/favorite`; the favorites list refreshes after. */
export function useWorkFavorite(workId: string) {
  return useOptimisticToggle({
    key: ['work-favorite', workId],
    request: async (active) => {
      const r = favoriteResultSchema.parse(
        await post(`/prod-api/content/works/${enc(workId)}/favorite`, active),
      );
      return { active: r.favorited, count: r.favorite_count };
    },
    apply: (queryClient, s) =>
      patchCommunityCaches(queryClient, isWork(workId), (w) => ({
        ...w,
        favorited: s.active,
        favorite_count: s.count,
      })),
  });
}

/** `POST|DELETE /prod-api/content/comments/{id}/like` */
export function useCommentLike(commentId: string) {
  return useOptimisticToggle({
    key: ['comment-like', commentId],
    request: async (active) => {
      const r = likeResultSchema.parse(
        await post(`/prod-api/content/comments/${enc(commentId)}/like`, active),
      );
      return { active: r.liked, count: r.like_count };
    },
    apply: (queryClient, s) =>
      patchCommunityCaches(queryClient, isComment(commentId), (c) => ({
        ...c,
        liked: s.active,
        like_count: s.count,
      })),
  });
}

/** `POST|DELETE /prod-api/content/users/{id}/follow`: every place the person shows follows along. */
export function useFollow(userId: number) {
  return useOptimisticToggle({
    key: ['follow', String(userId)],
    request: async (active) => {
      const r = followResultSchema.parse(
        await post(`/prod-api/content/users/${userId}/follow`, active),
      );
      return { active: r.followed, count: r.followers_count };
    },
    apply: (queryClient, s) =>
      patchCommunityCaches(queryClient, isFollowable(userId), (p) => ({
        ...p,
        followed: s.active,
        ...('followers_count' in p ? { followers_count: s.count } : {}),
      })),
  });
}

/** `POST|DELETE /prod-api/content/circles/{id}/join` */
export function useCircleJoin(circleId: string) {
  return useOptimisticToggle({
    key: ['circle-join', circleId],
    request: async (active) => {
      const r = joinResultSchema.parse(
        await post(`/prod-api/content/circles/${enc(circleId)}/join`, active),
      );
      return { active: r.joined, count: r.member_count };
    },
    apply: (queryClient, s) =>
      patchCommunityCaches(
        queryClient,
        (c) => c.circle_id === circleId && 'member_count' in c,
        (c) => ({ ...c, joined: s.active, member_count: s.count }),
      ),
  });
}

/** `POST|DELETE /prod-api/content/campaign/{cmp}/entries/{work}/vote` */
export function useEntryVote(cmpId: string, workId: string) {
  return useOptimisticToggle({
    key: ['vote', cmpId, workId],
    request: async (active) => {
      const r = voteResultSchema.parse(
        await post(`/prod-api/content/campaign/${enc(cmpId)}/entries/${enc(workId)}/vote`, active),
      );
      return { active: r.voted, count: r.votes };
    },
    apply: (queryClient, s) =>
      patchCommunityCaches(
        queryClient,
        (e) => 'voted' in e && (e.work as { work_id?: string } | undefined)?.work_id === workId,
        (e) => ({ ...e, voted: s.active, votes: s.count }),
      ),
  });
}

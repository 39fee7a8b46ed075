import { commentPageSchema, commentSchema, type Comment } from '@lumen/contracts/community';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { isWork, patchCommunityCaches } from '../cache-patch';
import { communityKeys } from './query-keys';

type CommentPage = z.infer<typeof commentPageSchema>;

const COMMENTS_PAGE_SIZE = 20;
const enc = encodeURIComponent;

/** `GET /prod-api/content/works/{id}/comments`: top-level comments, newest first, with replies. */
export function useComments(workId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: communityKeys.comments(workId),
    queryFn: ({ pageParam }) =>
      api.get(`/prod-api/content/works/${enc(workId)}/comments`, {
        query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
        schema: commentPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

/** `GET /prod-api/content/comments/{id}/replies`: the rest of a thread, on request. */
export function useReplies(commentId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: communityKeys.replies(commentId),
    queryFn: ({ pageParam }) =>
      api.get(`/prod-api/content/comments/${enc(commentId)}/replies`, {
        query: { cursor: pageParam, limit: COMMENTS_PAGE_SIZE },
        schema: commentPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
  });
}

function bumpCommentCount(
  queryClient: ReturnType<typeof useQueryClient>,
  workId: string,
  by: number,
) {
  patchCommunityCaches(queryClient, isWork(workId), (w) => ({
    ...w,
    comment_count: Math.max(0, Number(w.comment_count) + by),
  }));
}

/**
 * `POST /prod-api/content/works/{id}/comments`. A blocked word answers code 10; the api client
 * shows the spec's "review failed, please modify" warning and the form keeps the text.
 */
export function useCreateComment(workId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; parent_id?: string }) =>
      api.post(`/prod-api/content/works/${enc(workId)}/comments`, body, { schema: commentSchema }),
    onSuccess: (comment: Comment) => {
      bumpCommentCount(queryClient, workId, 1);
      if (comment.parent_id) {
        const parentId = comment.parent_id;
        patchCommunityCaches(
          queryClient,
          (c) => c.comment_id === parentId && Array.isArray(c.replies),
          (c) => ({
            ...c,
            reply_count: Number(c.reply_count) + 1,
            replies: [...(c.replies as Comment[]), { ...comment, replies: [] }],
          }),
        );
        return;
      }
      queryClient.setQueryData<InfiniteData<CommentPage>>(communityKeys.comments(workId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, i) =>
                i === 0 ? { ...page, data: [comment, ...page.data] } : page,
              ),
            }
          : data,
      );
    },
  });
}

/** `DELETE /prod-api/content/comments/{id}`: its author, or the work's owner. */
export function useDeleteComment(workId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.delete(`/prod-api/content/comments/${enc(commentId)}`),
    onSuccess: (_result, commentId) => {
      // A thread goes with its replies, so the counts come from the server.
      queryClient.removeQueries({ queryKey: communityKeys.replies(commentId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.comments(workId) });
      void queryClient.invalidateQueries({ queryKey: ['community', 'replies'] });
      void queryClient.invalidateQueries({ queryKey: communityKeys.work(workId) });
    },
  });
}

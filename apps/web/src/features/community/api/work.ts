import {
  publishWorkResultSchema,
  workDetailSchema,
  type PublishWorkBody,
  type UpdateWorkBody,
} from '@lumen/contracts/community';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../shared/api/client';
import { communityKeys } from './query-keys';

const workPath = (workId: string) => `/prod-api/content/works/${encodeURIComponent(workId)}`;

/** `GET /prod-api/content/works/{id}`: approved works for all; the owner and admins see any. */
export function useWork(workId: string) {
  return useQuery({
    queryKey: communityKeys.work(workId),
    queryFn: () => api.get(workPath(workId), { schema: workDetailSchema, silent: true }),
    enabled: workId !== '',
  });
}

/** `POST /prod-api/content/works`: publishes one output of a finished generation for review. */
export function publishWork(body: PublishWorkBody) {
  return api.post('/prod-api/content/works', body, { schema: publishWorkResultSchema });
}

export function usePublishWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWork,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

/**
 * `PATCH /prod-api/content/works/{id}`: the owner edits title, description or comments. A
 * published work's new text waits for review (`pending_edit_at` in the answer).
 */
export function useUpdateWork(workId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWorkBody) =>
      apiRequest(workPath(workId), { method: 'PATCH', body, schema: workDetailSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
  });
}

/** `DELETE /prod-api/content/works/{id}`: the owner unpublishes. */
export function useUnpublishWork(workId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(workPath(workId)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: communityKeys.work(workId) });
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
    },
  });
}

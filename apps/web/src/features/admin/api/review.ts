import {
  adminReportPageSchema,
  adminWorkEditPageSchema,
  resolveReportResultSchema,
  reviewResultSchema,
  workPageSchema,
  type WorkStatus,
} from '@lumen/contracts/community';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

const PAGE_SIZE = 24;
const enc = encodeURIComponent;

export const adminReviewKeys = {
  all: ['admin-review'] as const,
  works: (status: WorkStatus) => ['admin-review', 'works', status] as const,
  edits: ['admin-review', 'edits'] as const,
  reports: (status: 'open' | 'resolved') => ['admin-review', 'reports', status] as const,
};

/** `GET /prod-api/admin/works?status=`: works in one review state, oldest submissions first. */
export function useReviewWorks(status: WorkStatus) {
  return useInfiniteQuery({
    queryKey: adminReviewKeys.works(status),
    queryFn: ({ pageParam }) =>
      api.get('/prod-api/admin/works', {
        query: { status, cursor: pageParam, limit: PAGE_SIZE },
        schema: workPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export type ReviewDecision =
  | { workId: string; action: 'approve' | 'hide' }
  | { workId: string; action: 'reject'; reason: string };

/** `POST /prod-api/admin/works/{id}/approve|reject|hide` */
export function useReviewWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReviewDecision) =>
      api.post(
        `/prod-api/admin/works/${enc(decision.workId)}/${decision.action}`,
        decision.action === 'reject' ? { reason: decision.reason } : {},
        { schema: reviewResultSchema },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewKeys.all });
      // Approved or hidden works change what the feeds show.
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

/** `GET /prod-api/admin/works/edits`: approved works' title and description edits, oldest first. */
export function useWorkEdits() {
  return useInfiniteQuery({
    queryKey: adminReviewKeys.edits,
    queryFn: ({ pageParam }) =>
      api.get('/prod-api/admin/works/edits', {
        query: { cursor: pageParam, limit: PAGE_SIZE },
        schema: adminWorkEditPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** Decides on the version of an edit the moderator saw (`editedAt`); a newer one is refused. */
export type EditDecision =
  | { workId: string; editedAt: string; action: 'approve' }
  | { workId: string; editedAt: string; action: 'reject'; reason: string };

/** `POST /prod-api/admin/works/{id}/edit/approve|reject` */
export function useDecideEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: EditDecision) =>
      api.post(
        `/prod-api/admin/works/${enc(decision.workId)}/edit/${decision.action}`,
        decision.action === 'reject'
          ? { edited_at: decision.editedAt, reason: decision.reason }
          : { edited_at: decision.editedAt },
        { schema: reviewResultSchema },
      ),
    // Refused as changed since it was seen: the queue is read again either way.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

/** `GET /prod-api/admin/reports?status=open|resolved` */
export function useReports(status: 'open' | 'resolved') {
  return useInfiniteQuery({
    queryKey: adminReviewKeys.reports(status),
    queryFn: ({ pageParam }) =>
      api.get('/prod-api/admin/reports', {
        query: { status, cursor: pageParam, limit: PAGE_SIZE },
        schema: adminReportPageSchema,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

/** `POST /prod-api/admin/reports/{id}/resolve { action }`: dismiss, hide the work, or ban. */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reportId: string; action: 'dismiss' | 'hide_work' | 'ban_user' }) =>
      api.post(
        `/prod-api/admin/reports/${enc(input.reportId)}/resolve`,
        { action: input.action },
        { schema: resolveReportResultSchema },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminReviewKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['community'] });
    },
  });
}

import { createReportResultSchema, type ReportReason } from '@lumen/contracts/community';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export interface ReportTarget {
  work_id?: string;
  comment_id?: string;
}

/** `POST /prod-api/content/reports`: at least one spec §3 reason, an optional description. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (body: ReportTarget & { reasons: ReportReason[]; description: string }) =>
      api.post('/prod-api/content/reports', body, { schema: createReportResultSchema }),
  });
}

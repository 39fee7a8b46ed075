import { REPORT_DESCRIPTION_MAX, type ReportReason } from '@lumen/contracts/community';

export interface ReportDraft {
  reasons: ReportReason[];
  description: string;
}

/** i18n keys under `community.report.errors`, by field. */
export interface ReportErrors {
  reasons?: 'reasonRequired';
  description?: 'descriptionTooLong';
}

/** Spec §5: a report needs at least one reason; the description is optional and bounded. */
export function validateReport(draft: ReportDraft): ReportErrors {
  const errors: ReportErrors = {};
  if (draft.reasons.length === 0) errors.reasons = 'reasonRequired';
  if (draft.description.trim().length > REPORT_DESCRIPTION_MAX)
    errors.description = 'descriptionTooLong';
  return errors;
}

export function isReportValid(draft: ReportDraft): boolean {
  return Object.keys(validateReport(draft)).length === 0;
}

import type { WorkDetail } from '@lumen/contracts/community';
import { Alert } from '@mantine/core';
import { IconClockHour4, IconEyeOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Publishing state (spec §4) for the owner and admins, who see works before and after review,
 * and, for the owner, an edit of a published work waiting for review.
 */
export function WorkStatusBanner({
  work,
}: {
  work: Pick<WorkDetail, 'status' | 'reject_reason' | 'pending_edit_at'>;
}) {
  const { t } = useTranslation();
  if (work.status === 'approved') {
    // Only the owner gets `pending_edit_at`: their new text shows to them alone for now.
    if (!work.pending_edit_at) return null;
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconClockHour4 size={18} />}
        title={t('community.status.editPending')}
      >
        {t('community.status.editPendingBody')}
      </Alert>
    );
  }
  if (work.status === 'rejected') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconX size={18} />}
        title={t('community.status.rejected')}
      >
        {work.reject_reason
          ? t('community.status.rejectedBecause', { reason: work.reject_reason })
          : t('community.status.rejectedBody')}
      </Alert>
    );
  }
  if (work.status === 'hidden') {
    return (
      <Alert
        color="gray"
        variant="light"
        icon={<IconEyeOff size={18} />}
        title={t('community.status.hidden')}
      >
        {t('community.status.hiddenBody')}
      </Alert>
    );
  }
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconClockHour4 size={18} />}
      title={t('community.status.reviewing')}
    >
      {t('community.status.reviewingBody')}
    </Alert>
  );
}

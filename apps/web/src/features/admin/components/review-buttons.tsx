import { Button } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type ReviewButtonProps = { onClick: () => void; busy: boolean };

/** The moderator's approve action, the same on a work and on an edit of one. */
export function ApproveButton({ onClick, busy }: ReviewButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      color="teal"
      leftSection={<IconCheck size={14} />}
      onClick={onClick}
      disabled={busy}
    >
      {t('admin.review.approve')}
    </Button>
  );
}

/** The moderator's reject action, which asks for a reason next. */
export function RejectButton({ onClick, busy }: ReviewButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      leftSection={<IconX size={14} />}
      onClick={onClick}
      disabled={busy}
    >
      {t('admin.review.reject')}
    </Button>
  );
}

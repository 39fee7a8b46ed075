import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 500;

/** Asks for the reason a rejected work's (or edit's) owner will read. */
export function RejectDialog({
  opened,
  title,
  heading,
  loading,
  onClose,
  onReject,
}: {
  opened: boolean;
  title: string;
  /** The dialog's own title; rejecting a work by default. */
  heading?: string;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const error = touched && trimmed.length === 0 ? t('admin.review.reasonRequired') : null;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={heading ?? t('admin.review.rejectTitle')}
      radius="lg"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (trimmed.length === 0) return;
          onReject(trimmed);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {title}
          </Text>
          <Textarea
            label={t('admin.review.reasonLabel')}
            placeholder={t('admin.review.reasonPlaceholder')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {t('admin.review.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

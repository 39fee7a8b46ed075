import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from './api-error-alert';

/** The foot of an admin form: what the server refused, then cancel and submit. */
export function FormFooter({
  error,
  loading,
  submitLabel,
  onCancel,
}: {
  error: unknown;
  loading: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ApiErrorAlert error={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

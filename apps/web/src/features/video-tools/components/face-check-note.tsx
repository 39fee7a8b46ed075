import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconFaceIdError } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import type { useFaceCheck } from '../api/check-face';

/** The portrait check’s answer for the chosen picture or clip, shown before anything is submitted. */
export function FaceCheckNote({ check }: { check: ReturnType<typeof useFaceCheck> }) {
  const { t } = useTranslation();
  if (check.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size={14} />
        <Text size="sm" c="dimmed">
          {t('videoTools.lipSync.face.checking')}
        </Text>
      </Group>
    );
  }
  if (check.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconFaceIdError size={18} />} role="alert">
        {isApiError(check.error) ? check.error.msg : t('videoTools.lipSync.face.error')}
      </Alert>
    );
  }
  return check.data.portrait ? (
    <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
      {t('videoTools.lipSync.face.ok')}
    </Alert>
  ) : (
    <Alert color="red" variant="light" icon={<IconFaceIdError size={18} />} role="alert">
      {check.data.message}
    </Alert>
  );
}

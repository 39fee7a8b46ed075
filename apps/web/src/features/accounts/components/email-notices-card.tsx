import { emailNoticeKinds, type Settings } from '@lumen/contracts/account';
import { Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import { useSettings, useUpdateSettings } from '../api/settings';

type NoticeKind = keyof Settings['email_notices'];

/** Settings → e-mail notices: each switch saves on its own. */
export function EmailNoticesCard() {
  const { t } = useTranslation();
  const settings = useSettings();
  const update = useUpdateSettings();

  const toggle = (kind: NoticeKind, on: boolean) =>
    update.mutate(
      { email_notices: { [kind]: on } },
      { onSuccess: () => toast({ type: 'success', message: t('settings.saved') }) },
    );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg">
        {t('settings.notices.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.notices.subtitle')}
      </Text>
      <Stack gap="md">
        {emailNoticeKinds.map((kind) =>
          settings.data ? (
            <Switch
              key={kind}
              label={t(`settings.notices.${kind}.label`)}
              description={t(`settings.notices.${kind}.body`)}
              checked={settings.data.email_notices[kind]}
              disabled={update.isPending}
              onChange={(event) => toggle(kind, event.currentTarget.checked)}
            />
          ) : (
            <Skeleton key={kind} h={38} radius="md" />
          ),
        )}
      </Stack>
    </Card>
  );
}

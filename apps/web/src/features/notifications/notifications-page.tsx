import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotificationCenter } from './components/notification-center';

/** `/notifications`: the drawer's contents as a page, for the sidebar and small screens. */
export function NotificationsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={760} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('notifications.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('notifications.subtitle')}
        </Text>
      </Stack>
      <Card withBorder radius="lg" padding="md">
        <NotificationCenter />
      </Card>
    </Stack>
  );
}

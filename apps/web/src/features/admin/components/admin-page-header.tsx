import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Back to /admin, the page's title and subtitle, and its main action. */
export function AdminPageHeader({
  title,
  subtitle,
  action,
}: {
  title: string;
  subtitle: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group>
        <Button
          component={Link}
          to="/admin"
          variant="subtle"
          color="gray"
          px={8}
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('admin.title')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 240px' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        </Stack>
        {action}
      </Group>
    </Stack>
  );
}

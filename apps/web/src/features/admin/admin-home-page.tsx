import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const sections = ['users', 'moderation', 'engines', 'campaigns'] as const;

/** The admin area's entry; each section arrives with the feature it administers. */
export function AdminHomePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('admin.title')}
        </Title>
        <Text c="dimmed">{t('admin.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {sections.map((section) => (
          <Card key={section} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Title order={2} fz="md">
                {t(`admin.sections.${section}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`admin.sections.${section}.body`)}
              </Text>
              <Badge variant="light" color="gray" w="fit-content">
                {t('common.comingSoon')}
              </Badge>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

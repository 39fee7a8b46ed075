import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const stages = ['script', 'characters', 'storyboard', 'export'] as const;

/** The story-video tool (spec §1); its stages open as the feature is released. */
export function ClipPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('clip.title')}
        </Title>
        <Text c="dimmed">{t('clip.subtitle')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {stages.map((stage, index) => (
          <Card key={stage} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <Text fw={800} c="violet" fz="sm">
                {index + 1}
              </Text>
              <Title order={2} fz="md">
                {t(`clip.stages.${stage}.title`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`clip.stages.${stage}.body`)}
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

import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPhotoAi, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The home page; the community feed fills it once publishing opens. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('home.title')}
        </Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </Stack>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="md" py="xl">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconPhotoAi size={34} stroke={1.5} />
          </ThemeIcon>
          <Title order={2} fz="xl">
            {t('home.emptyTitle')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('home.emptyBody')}
          </Text>
          <Group>
            <Button
              component={Link}
              to="/studio"
              radius="xl"
              leftSection={<IconSparkles size={16} />}
            >
              {t('landing.startCreating')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

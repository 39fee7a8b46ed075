import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCircles } from '../api/circles';
import { CircleCard } from '../components/circle-card';
import { FeedEmpty } from '../components/empty-state';

/** `/circles`: interest groups to join; a work can be shown in up to three. */
export function CirclesPage() {
  const { t } = useTranslation();
  const circles = useCircles();
  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('community.circles.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('community.circles.subtitle')}
        </Text>
      </Stack>
      {circles.isPending ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={220} radius="lg" />
          ))}
        </SimpleGrid>
      ) : (circles.data ?? []).length === 0 ? (
        <FeedEmpty icon={IconCircles} title={t('community.circles.none')} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
          {(circles.data ?? []).map((circle) => (
            <CircleCard key={circle.circle_id} circle={circle} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

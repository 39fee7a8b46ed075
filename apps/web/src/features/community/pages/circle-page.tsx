import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhotoAi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCircle } from '../api/circles';
import { useExploreFeed } from '../api/feeds';
import { JoinButton } from '../components/circle-card';
import { CoverArt } from '../components/cover-art';
import { FeedEmpty } from '../components/empty-state';
import { FeedFilters } from '../components/feed-filters';
import { WorkFeed } from '../components/work-feed';
import { useFeedParams } from '../use-feed-params';

/** `/circles/:circleId`: a circle's header, join or exit, and the works shown in it. */
export function CirclePage() {
  const { t } = useTranslation();
  const { circleId = '' } = useParams();
  const circle = useCircle(circleId);
  const { sort, kind, setSort, setKind } = useFeedParams('new');
  const feed = useExploreFeed({ sort, kind, circleId });

  if (circle.isPending) return <Skeleton h={200} radius="lg" maw={1600} mx="auto" />;
  if (!circle.data) {
    return (
      <Alert
        color="gray"
        variant="light"
        maw={900}
        mx="auto"
        title={t('community.circles.missingTitle')}
      >
        {t('community.circles.missing')}
      </Alert>
    );
  }
  const data = circle.data;
  return (
    <Stack gap="lg" maw={1600} mx="auto">
      <Card withBorder radius="lg" padding={0}>
        <CoverArt src={data.cover_url} h={140} tone="circle" />
        <Group justify="space-between" p="lg" gap="md" wrap="wrap">
          <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {data.name}
            </Title>
            {data.description ? (
              <Text size="sm" c="dimmed">
                {data.description}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {t('community.circles.members', { count: data.member_count })} ·{' '}
              {t('community.circles.works', { count: data.work_count })}
            </Text>
          </Stack>
          <JoinButton circle={data} size="sm" />
        </Group>
      </Card>
      <FeedFilters sort={sort} kind={kind} onSortChange={setSort} onKindChange={setKind} />
      <WorkFeed
        query={feed}
        empty={<FeedEmpty icon={IconPhotoAi} title={t('community.circles.noWorks')} />}
      />
    </Stack>
  );
}

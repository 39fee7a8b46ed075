import type { Campaign } from '@lumen/contracts/community';
import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconMedal, IconPhotoAi, IconPlus, IconTrophy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useCampaign, useCampaignEntries } from '../api/campaigns';
import { campaignStatusColors } from '../campaign-dates';
import { CampaignCover } from '../components/campaign-card';
import { FeedEmpty } from '../components/empty-state';
import { EnterCampaignDialog } from '../components/enter-campaign-dialog';
import { EntryCard } from '../components/entry-card';
import { InfiniteSentinel } from '../../../shared/ui/infinite-sentinel';
import { MasonryGrid } from '../components/masonry-grid';
import { WorkCard } from '../components/work-card';
import { formatDate } from '../format';
import { mediaAspect } from '../masonry';

const medalColors = ['yellow', 'gray', 'orange'];

function Results({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  if (!campaign.results || campaign.results.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('community.campaigns.results')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
        {campaign.results.map((result) => (
          <Stack key={result.work.work_id} gap={6}>
            <Group gap={6}>
              <ThemeIcon
                size="sm"
                radius="xl"
                color={medalColors[result.rank - 1] ?? 'violet'}
                variant={result.rank <= 3 ? 'filled' : 'light'}
              >
                <IconMedal size={12} />
              </ThemeIcon>
              <Text size="sm" fw={700}>
                {t('community.campaigns.rank', { rank: result.rank })}
              </Text>
              {campaign.judging === 'votes' ? (
                <Text size="xs" c="dimmed">
                  {t('community.campaigns.votes', { count: result.votes })}
                </Text>
              ) : null}
            </Group>
            <WorkCard work={result.work} />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Entries({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<'new' | 'votes'>(campaign.status === 'entry' ? 'new' : 'votes');
  const entries = useCampaignEntries(campaign.cmp_id, sort);
  const items = useMemo(() => entries.data?.pages.flatMap((p) => p.data) ?? [], [entries.data]);
  const canVote = campaign.judging === 'votes' && campaign.status === 'in_progress';
  const showVotes = campaign.judging === 'votes' && campaign.status !== 'entry';

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          {t('community.campaigns.entries', { count: campaign.entry_count })}
        </Title>
        {campaign.judging === 'votes' ? (
          <SegmentedControl
            size="xs"
            radius="xl"
            value={sort}
            onChange={(value) => setSort(value === 'votes' ? 'votes' : 'new')}
            data={[
              { value: 'new', label: t('community.feed.sort.new') },
              { value: 'votes', label: t('community.campaigns.mostVoted') },
            ]}
          />
        ) : null}
      </Group>
      {entries.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : items.length === 0 ? (
        <FeedEmpty icon={IconPhotoAi} title={t('community.campaigns.noEntries')} />
      ) : (
        <>
          <MasonryGrid
            items={items}
            getKey={(entry) => entry.work.work_id}
            aspectOf={(entry) =>
              mediaAspect(entry.work.media.width, entry.work.media.height) +
              (canVote || showVotes ? 0.12 : 0)
            }
            renderItem={(entry) => (
              <EntryCard
                cmpId={campaign.cmp_id}
                entry={entry}
                canVote={canVote}
                showVotes={showVotes}
              />
            )}
          />
          <InfiniteSentinel
            hasNextPage={entries.hasNextPage}
            isFetchingNextPage={entries.isFetchingNextPage}
            fetchNextPage={entries.fetchNextPage}
          />
        </>
      )}
    </Stack>
  );
}

/** `/campaigns/:cmpId`: rules, dates, entries with votes, the enter dialog and results. */
export function CampaignPage() {
  const { t, i18n } = useTranslation();
  const { cmpId = '' } = useParams();
  const campaign = useCampaign(cmpId);
  const signedIn = useSession((s) => s.user !== null);
  const [entering, setEntering] = useState(false);

  if (campaign.isPending) return <Skeleton h={320} radius="lg" maw={1400} mx="auto" />;
  if (!campaign.data) {
    return (
      <Alert
        color="gray"
        variant="light"
        maw={900}
        mx="auto"
        title={t('community.campaigns.missingTitle')}
      >
        {t('community.campaigns.missing')}
      </Alert>
    );
  }
  const data = campaign.data;
  const active = { entry: 0, in_progress: 1, past: 2 }[data.status];

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <Card withBorder radius="lg" padding={0}>
        <CampaignCover campaign={data} h={180} />
        <Stack gap="sm" p="lg">
          <Group gap="xs">
            <Badge color={campaignStatusColors[data.status]} variant="filled">
              {t(`community.campaigns.status.${data.status}`)}
            </Badge>
            <Badge variant="light" color="gray" leftSection={<IconTrophy size={12} />}>
              {t(`community.campaigns.judging.${data.judging}`)}
            </Badge>
            {data.kind !== 'any' ? (
              <Badge variant="light">{t(`community.kinds.${data.kind}`)}</Badge>
            ) : null}
          </Group>
          <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 30 }} style={{ flex: 1, minWidth: 220 }}>
              {data.title}
            </Title>
            {data.status === 'entry' ? (
              <Button
                radius="xl"
                leftSection={<IconPlus size={16} />}
                onClick={() => (signedIn ? setEntering(true) : useSession.getState().openLogin())}
              >
                {t('community.campaigns.enter')}
              </Button>
            ) : null}
          </Group>
          {data.description ? (
            <Text c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {data.description}
            </Text>
          ) : null}
        </Stack>
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card withBorder radius="lg" padding="lg" h="100%">
            <Title order={2} fz="md" mb="xs">
              {t('community.campaigns.rules')}
            </Title>
            <Spoiler
              maxHeight={180}
              showLabel={t('community.campaigns.showMore')}
              hideLabel={t('community.campaigns.showLess')}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {data.rules || t('community.campaigns.noRules')}
              </Text>
            </Spoiler>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="lg" padding="lg" h="100%">
            <Timeline active={active} bulletSize={18} lineWidth={2}>
              <Timeline.Item title={t('community.campaigns.timeline.entry')}>
                <Text size="xs" c="dimmed">
                  {formatDate(data.entry_starts_at, i18n.language)} –{' '}
                  {formatDate(data.entry_ends_at, i18n.language)}
                </Text>
              </Timeline.Item>
              <Timeline.Item title={t(`community.campaigns.timeline.${data.judging}`)}>
                <Text size="xs" c="dimmed">
                  {t('community.campaigns.until', {
                    date: formatDate(data.voting_ends_at, i18n.language),
                  })}
                </Text>
              </Timeline.Item>
              <Timeline.Item title={t('community.campaigns.timeline.results')} />
            </Timeline>
          </Card>
        </Grid.Col>
      </Grid>
      {data.status === 'past' ? <Results campaign={data} /> : null}
      <Entries campaign={data} />
      {data.status === 'entry' && signedIn ? (
        <EnterCampaignDialog campaign={data} opened={entering} onClose={() => setEntering(false)} />
      ) : null}
    </Stack>
  );
}

import type { FeedSort } from '@lumen/contracts/community';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPhotoAi, IconSparkles, IconUserHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useExploreFeed } from '../api/feeds';
import { FeedEmpty } from '../components/empty-state';
import { FeedFilters } from '../components/feed-filters';
import { WorkFeed } from '../components/work-feed';
import { useFeedParams } from '../use-feed-params';

interface FeedPageProps {
  titleKey: string;
  subtitleKey: string;
  defaultSort: FeedSort;
}

function FeedPage({ titleKey, subtitleKey, defaultSort }: FeedPageProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const { sort, kind, setSort, setKind } = useFeedParams(defaultSort);
  const feed = useExploreFeed({ sort, kind });
  const needsLogin = sort === 'following' && !signedIn;

  return (
    <Stack gap="lg" maw={1600} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t(titleKey)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(subtitleKey)}
        </Text>
      </Stack>
      <FeedFilters sort={sort} kind={kind} onSortChange={setSort} onKindChange={setKind} />
      {needsLogin ? (
        <FeedEmpty
          icon={IconUserHeart}
          title={t('community.feed.followingVisitorTitle')}
          body={t('community.feed.followingVisitorBody')}
          action={
            <Button radius="xl" onClick={() => useSession.getState().openLogin()}>
              {t('community.actions.signIn')}
            </Button>
          }
        />
      ) : (
        <WorkFeed
          query={feed}
          empty={
            sort === 'following' ? (
              <FeedEmpty
                icon={IconUserHeart}
                title={t('community.feed.followingEmptyTitle')}
                body={t('community.feed.followingEmptyBody')}
                action={
                  <Button radius="xl" variant="light" onClick={() => setSort('hot')}>
                    {t('community.feed.browseHot')}
                  </Button>
                }
              />
            ) : (
              <FeedEmpty
                icon={IconPhotoAi}
                title={t('home.emptyTitle')}
                body={t('home.emptyBody')}
                action={
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
                }
              />
            )
          }
        />
      )}
    </Stack>
  );
}

/** `/home`: the discover feed, popular works first (spec §2 "discover"). */
export function DiscoverPage() {
  return <FeedPage titleKey="home.title" subtitleKey="home.subtitle" defaultSort="hot" />;
}

/** `/explore`: every approved work, newest first, with sort tabs and the kind filter. */
export function ExplorePage() {
  return (
    <FeedPage
      titleKey="community.explore.title"
      subtitleKey="community.explore.subtitle"
      defaultSort="new"
    />
  );
}

import { Button, Stack, Text, Title } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFavorites } from '../api/feeds';
import { FeedEmpty } from '../components/empty-state';
import { WorkFeed } from '../components/work-feed';

/** `/favorites`: the works I saved, newest first. */
export function FavoritesPage() {
  const { t } = useTranslation();
  const favorites = useFavorites();
  return (
    <Stack gap="lg" maw={1600} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('community.favorites.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('community.favorites.subtitle')}
        </Text>
      </Stack>
      <WorkFeed
        query={favorites}
        empty={
          <FeedEmpty
            icon={IconBookmark}
            title={t('community.favorites.emptyTitle')}
            body={t('community.favorites.emptyBody')}
            action={
              <Button component={Link} to="/explore" radius="xl" variant="light">
                {t('community.feed.explore')}
              </Button>
            }
          />
        }
      />
    </Stack>
  );
}

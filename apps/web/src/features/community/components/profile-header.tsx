import type { CommunityUser } from '@lumen/contracts/community';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../format';
import { FollowButton } from './follow-button';
import { UserAvatar } from './user-avatar';

function Stat({ value, label }: { value: number; label: string }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0} align="center" style={{ minWidth: 0 }}>
      <Text fw={700} fz="lg">
        {formatCount(value, i18n.language)}
      </Text>
      <Text size="xs" c="dimmed" ta="center" lineClamp={1}>
        {label}
      </Text>
    </Stack>
  );
}

/** A personal page's header: who, their bio and counts, and follow or edit. */
export function ProfileHeader({ user, isMe }: { user: CommunityUser; isMe: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group gap="lg" wrap="wrap" align="center">
        <UserAvatar nickname={user.nickname} avatar={user.avatar} size={84} />
        <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {user.nickname}
            </Title>
            {user.follows_me && !isMe ? (
              <Text size="xs" c="dimmed">
                {t('community.people.followsYou')}
              </Text>
            ) : null}
          </Group>
          {user.bio ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {user.bio}
            </Text>
          ) : null}
        </Stack>
        {isMe ? (
          <Button
            component={Link}
            to="/account/profile"
            variant="default"
            radius="xl"
            leftSection={<IconEdit size={16} />}
          >
            {t('community.profile.edit')}
          </Button>
        ) : (
          <FollowButton
            userId={user.user_id}
            followed={user.followed}
            followsMe={user.follows_me}
            followersCount={user.followers_count}
            size="sm"
          />
        )}
      </Group>
      <SimpleGrid cols={4} spacing="xs" mt="md">
        <Stat value={user.works_count} label={t('community.profile.works')} />
        <Stat value={user.followers_count} label={t('community.profile.followers')} />
        <Stat value={user.following_count} label={t('community.profile.following')} />
        <Stat value={user.likes_received} label={t('community.profile.likesReceived')} />
      </SimpleGrid>
    </Card>
  );
}

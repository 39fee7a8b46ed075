import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePeople } from '../api/people';
import type { PeopleList as ListName } from '../api/query-keys';
import { FeedEmpty } from './empty-state';
import { FollowButton } from './follow-button';
import { UserAvatar } from './user-avatar';

/** Followers, following or friends (mutual follows) of a person, with follow buttons. */
export function PeopleList({ userId, list }: { userId: string; list: ListName }) {
  const { t } = useTranslation();
  const people = usePeople(userId, list);
  const rows = useMemo(() => people.data?.pages.flatMap((p) => p.data) ?? [], [people.data]);

  if (people.isPending) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return <FeedEmpty icon={IconUsers} title={t(`community.people.empty.${list}`)} />;
  }
  return (
    <Stack gap="xs">
      {rows.map((person) => (
        <Card key={person.user_id} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group
              gap="sm"
              wrap="nowrap"
              style={{ minWidth: 0, color: 'inherit', textDecoration: 'none' }}
              renderRoot={(props) => <Link to={`/u/${person.user_id}`} {...props} />}
            >
              <UserAvatar nickname={person.nickname} avatar={person.avatar} size={38} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {person.nickname}
                </Text>
                {person.follows_me ? (
                  <Text size="xs" c="dimmed">
                    {t('community.people.followsYou')}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            <FollowButton
              userId={person.user_id}
              followed={person.followed}
              followsMe={person.follows_me}
            />
          </Group>
        </Card>
      ))}
      {people.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void people.fetchNextPage()}
          loading={people.isFetchingNextPage}
        >
          {t('common.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

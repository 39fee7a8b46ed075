import { workStatuses, type WorkStatus } from '@lumen/contracts/community';
import { Alert, Chip, Group, ScrollArea, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconHeart, IconPhotoAi } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useMyWorks, useUserWorks } from '../api/feeds';
import { useCommunityUser } from '../api/people';
import { FeedEmpty } from '../components/empty-state';
import { PeopleList } from '../components/people-list';
import { ProfileHeader } from '../components/profile-header';
import { WorkFeed } from '../components/work-feed';

const tabs = ['works', 'likes', 'following', 'followers', 'friends'] as const;
type Tab = (typeof tabs)[number];

function MyWorks() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: WorkStatus | 'all' = workStatuses.includes(raw as WorkStatus)
    ? (raw as WorkStatus)
    : 'all';
  const works = useMyWorks(status);
  return (
    <Stack gap="md">
      <ScrollArea type="never">
        <Chip.Group
          value={status}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === 'all') next.delete('status');
                else next.set('status', String(value));
                return next;
              },
              { replace: true },
            )
          }
        >
          <Group gap={6} wrap="nowrap">
            {(['all', ...workStatuses.filter((s) => s !== 'reviewing')] as const).map((value) => (
              <Chip key={value} value={value} size="sm" radius="xl" variant="light">
                {t(value === 'all' ? 'community.status.all' : `community.status.${value}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </ScrollArea>
      <WorkFeed
        query={works}
        showStatus
        empty={
          <FeedEmpty
            icon={IconPhotoAi}
            title={t('community.profile.noWorksMine')}
            body={t('community.profile.noWorksMineBody')}
          />
        }
      />
    </Stack>
  );
}

function TheirWorks({ userId, list }: { userId: string; list: 'works' | 'likes' }) {
  const { t } = useTranslation();
  const works = useUserWorks(userId, list);
  return (
    <WorkFeed
      query={works}
      empty={
        <FeedEmpty
          icon={list === 'works' ? IconPhotoAi : IconHeart}
          title={t(list === 'works' ? 'community.profile.noWorks' : 'community.profile.noLikes')}
        />
      }
    />
  );
}

/** `/u/:userId`: a personal page with works, likes, following, followers and friends. */
export function UserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const me = useSession((s) => s.user?.userId);
  const [params, setParams] = useSearchParams();
  const user = useCommunityUser(userId);
  const isMe = me !== undefined && me === userId;
  const tab: Tab = tabs.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'works';

  if (user.isPending) {
    return (
      <Stack gap="lg" maw={1600} mx="auto">
        <Skeleton h={180} radius="lg" />
      </Stack>
    );
  }
  if (!user.data) {
    return (
      <Stack gap="lg" maw={900} mx="auto">
        <Alert color="gray" variant="light" title={t('community.profile.missingTitle')}>
          {t('community.profile.missing')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1600} mx="auto">
      <ProfileHeader user={user.data} isMe={isMe} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(value && value !== 'works' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <ScrollArea type="never">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`community.profile.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value="works" pt="md">
          {isMe ? <MyWorks /> : <TheirWorks userId={userId} list="works" />}
        </Tabs.Panel>
        <Tabs.Panel value="likes" pt="md">
          <TheirWorks userId={userId} list="likes" />
        </Tabs.Panel>
        {(['following', 'followers', 'friends'] as const).map((list) => (
          <Tabs.Panel key={list} value={list} pt="md">
            <PeopleList userId={userId} list={list} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

import type { NotificationItem as Item, NotifyType } from '@lumen/contracts/community';
import { Badge, Button, Center, Group, Loader, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNoticePoll } from '../api/notice-poll';
import { useMarkRead, useNotifyList } from '../api/notify-list';
import { initialTab, tabCounts } from '../tab-counts';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';

function TabList({ type, onNavigate }: { type: NotifyType; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotifyList(type);
  const markRead = useMarkRead();
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.resultList) ?? [], [list.data]);

  const open = (item: Item) => {
    if (item.readStatus === 0) markRead.mutate({ ids: [item.id], type });
    if (item.link) {
      onNavigate?.();
      void navigate(item.link);
    }
  };

  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  if (items.length === 0) {
    return (
      <Stack align="center" gap="xs" py={40} c="dimmed">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconBellOff size={24} />
        </ThemeIcon>
        <Text size="sm">{t('notifications.empty')}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={open} />
      ))}
      {list.hasNextPage ? (
        <Button
          variant="subtle"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
        >
          {t('notifications.more')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The four notification tabs (spec §2) with unread counts, the list, and mark all read. */
export function NotificationCenter({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const poll = useNoticePoll();
  const markRead = useMarkRead();
  const [tab, setTab] = useState<NotifyType>(() => initialTab(poll.data?.unread));
  const tabs = tabCounts(poll.data?.unread);
  const current = tabs.find((entry) => entry.type === tab);

  return (
    <Tabs
      value={tab}
      onChange={(value) => value && setTab(value as NotifyType)}
      keepMounted={false}
    >
      <Tabs.List className={classes.tabs}>
        {tabs.map((entry) => (
          <Tabs.Tab
            key={entry.type}
            value={entry.type}
            rightSection={
              entry.label ? (
                <Badge size="xs" circle={entry.label.length === 1} variant="filled" color="red">
                  {entry.label}
                </Badge>
              ) : null
            }
          >
            {t(`notifications.tabs.${entry.type}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Group justify="flex-end" mt="xs" mb={4}>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconChecks size={14} />}
          disabled={!current || current.count === 0}
          onClick={() => markRead.mutate({ type: tab, all: true })}
        >
          {t('notifications.markAllRead')}
        </Button>
      </Group>
      {tabs.map((entry) => (
        <Tabs.Panel key={entry.type} value={entry.type}>
          <TabList type={entry.type} onNavigate={onNavigate} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

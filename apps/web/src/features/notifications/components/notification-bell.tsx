import { ActionIcon, Drawer, Indicator, Loader, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { useNoticePoll } from '../api/notice-poll';
import { badgeLabel, totalUnread } from '../tab-counts';
import { useNotificationStream } from '../use-notification-stream';

// The drawer's contents load the first time it opens: most page views never open it.
const NotificationCenter = lazy(() =>
  import('./notification-center').then((m) => ({ default: m.NotificationCenter })),
);

/** The header bell: unread badge, and the notification drawer (spec §2) it opens. */
export function NotificationBell({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const poll = useNoticePoll();
  const [opened, setOpened] = useState(false);
  useNotificationStream();
  if (!signedIn) return null;

  const total = totalUnread(poll.data?.unread);
  const label = badgeLabel(total);
  return (
    <>
      <Tooltip label={t('notifications.title')} withArrow disabled={compact}>
        <Indicator
          label={label}
          disabled={label === null}
          size={16}
          offset={6}
          color="red"
          inline
          processing={false}
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => setOpened(true)}
            aria-label={
              label ? t('notifications.openWithUnread', { count: total }) : t('notifications.open')
            }
          >
            <IconBell size={20} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size={compact ? '100%' : 440}
        title={t('notifications.title')}
        padding="md"
      >
        <Suspense fallback={<Loader size="sm" mx="auto" display="block" />}>
          <NotificationCenter onNavigate={() => setOpened(false)} />
        </Suspense>
      </Drawer>
    </>
  );
}

import type { NotificationItem as Item } from '@lumen/contracts/community';
import { Avatar, Group, Image, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconCheck,
  IconHeart,
  IconMessageCircle,
  IconSpeakerphone,
  IconTrophy,
  IconUserPlus,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../shared/ui/relative-time';
import classes from './notifications.module.css';

const icons: Partial<Record<Item['subType'], { icon: Icon; color: string }>> = {
  like: { icon: IconHeart, color: 'pink' },
  comment_like: { icon: IconHeart, color: 'pink' },
  comment: { icon: IconMessageCircle, color: 'blue' },
  reply: { icon: IconMessageCircle, color: 'blue' },
  follow: { icon: IconUserPlus, color: 'grape' },
  work_approved: { icon: IconCheck, color: 'teal' },
  work_rejected: { icon: IconX, color: 'red' },
  work_hidden: { icon: IconX, color: 'gray' },
  edit_approved: { icon: IconCheck, color: 'teal' },
  edit_rejected: { icon: IconX, color: 'red' },
  campaign_result: { icon: IconTrophy, color: 'orange' },
  broadcast: { icon: IconSpeakerphone, color: 'violet' },
};

/** One notification (spec §3 notification item): unread while `readStatus` is 0. */
export function NotificationItem({ item, onOpen }: { item: Item; onOpen: (item: Item) => void }) {
  const { t } = useTranslation();
  const unread = item.readStatus === 0;
  const visual = icons[item.subType] ?? { icon: IconBell, color: 'gray' };
  const IconComponent = visual.icon;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(item)}
      aria-label={`${unread ? `${t('notifications.unread')}: ` : ''}${item.title}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <div className={classes.avatar}>
          {item.actor ? (
            <Avatar
              src={item.actor.avatar || null}
              name={item.actor.nickname}
              color="initials"
              radius="xl"
              size={38}
            />
          ) : (
            <ThemeIcon size={38} radius="xl" variant="light" color={visual.color}>
              <IconComponent size={18} />
            </ThemeIcon>
          )}
          {item.actor ? (
            <ThemeIcon size={18} radius="xl" color={visual.color} className={classes.subIcon}>
              <IconComponent size={11} />
            </ThemeIcon>
          ) : null}
        </div>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={unread ? 700 : 500} lineClamp={2}>
            {item.title}
          </Text>
          {item.content ? (
            <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {item.content}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <RelativeTime iso={item.createTime} />
          </Text>
        </Stack>
        {item.work ? (
          <Image src={item.work.thumb_url} alt="" w={48} h={48} radius="sm" fit="cover" />
        ) : null}
        {unread ? <span className={classes.dot} aria-hidden="true" /> : null}
      </Group>
    </UnstyledButton>
  );
}

import { Button, type ButtonProps } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { useFollow } from '../api/toggles';

interface FollowButtonProps extends Omit<ButtonProps, 'children'> {
  userId: number;
  followed: boolean;
  followersCount?: number;
  followsMe?: boolean;
}

/** Follow / following; hidden on one's own works and page. */
export function FollowButton({
  userId,
  followed,
  followersCount = 0,
  followsMe = false,
  size = 'xs',
  ...props
}: FollowButtonProps) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.userId);
  const follow = useFollow(userId);
  if (me !== undefined && String(userId) === me) return null;
  return (
    <Button
      size={size}
      radius="xl"
      variant={followed ? 'default' : 'filled'}
      leftSection={followed ? <IconCheck size={14} /> : <IconPlus size={14} />}
      aria-pressed={followed}
      onClick={() => follow.toggle({ active: followed, count: followersCount })}
      {...props}
    >
      {t(
        followed
          ? followsMe
            ? 'community.people.friends'
            : 'community.people.following'
          : followsMe
            ? 'community.people.followBack'
            : 'community.people.follow',
      )}
    </Button>
  );
}

import type { Work } from '@lumen/contracts/community';
import { Button, type ButtonProps } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWorkLike } from '../api/toggles';
import { formatCount } from '../format';

/** Heart and count; the count changes at once and settles on the server's (spec §4 toggles). */
export function LikeButton({
  work,
  size = 'compact-sm',
  ...props
}: { work: Pick<Work, 'work_id' | 'liked' | 'like_count'> } & Omit<ButtonProps, 'children'>) {
  const { t, i18n } = useTranslation();
  const like = useWorkLike(work.work_id);
  return (
    <Button
      variant={work.liked ? 'light' : 'subtle'}
      color={work.liked ? 'pink' : 'gray'}
      size={size}
      radius="xl"
      px={8}
      leftSection={work.liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
      aria-pressed={work.liked}
      aria-label={t(work.liked ? 'community.actions.unlike' : 'community.actions.like')}
      onClick={(event) => {
        event.preventDefault();
        like.toggle({ active: work.liked, count: work.like_count });
      }}
      {...props}
    >
      {formatCount(work.like_count, i18n.language)}
    </Button>
  );
}

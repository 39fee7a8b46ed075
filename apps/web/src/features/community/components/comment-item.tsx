import type { Comment, Reply } from '@lumen/contracts/community';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconDots,
  IconFlag,
  IconHeart,
  IconHeartFilled,
  IconMessageCircle,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { useDeleteComment } from '../api/comments';
import { useCommentLike } from '../api/toggles';
import { RelativeTime } from '../../../shared/ui/relative-time';
import { formatCount } from '../format';
import { UserAvatar } from './user-avatar';

interface CommentItemProps {
  comment: Comment | Reply;
  workAuthorId: number;
  onReply?: () => void;
  onReport: (commentId: string) => void;
  compact?: boolean;
}

/** One comment: who, when, what, the author-liked mark, like, reply, delete, report. */
export function CommentItem({
  comment,
  workAuthorId,
  onReply,
  onReport,
  compact,
}: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const me = useSession((s) => s.user?.userId);
  const like = useCommentLike(comment.comment_id);
  const remove = useDeleteComment(comment.work_id);
  const mine = me !== undefined && String(comment.author.user_id) === me;
  const byAuthor = comment.author.user_id === workAuthorId;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('community.comments.deleteTitle'),
      children: <Text size="sm">{t('community.comments.deleteBody')}</Text>,
      labels: { confirm: t('community.comments.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(comment.comment_id),
    });

  return (
    <Group
      align="flex-start"
      gap="sm"
      wrap="nowrap"
      data-comment-id={comment.comment_id}
      aria-label={t('community.comments.itemLabel', { name: comment.author.nickname })}
      role="article"
    >
      <Link
        to={`/u/${comment.author.user_id}`}
        aria-hidden="true"
        tabIndex={-1}
        style={{ textDecoration: 'none' }}
      >
        <UserAvatar
          nickname={comment.author.nickname}
          avatar={comment.author.avatar}
          size={compact ? 26 : 34}
        />
      </Link>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text
            component={Link}
            to={`/u/${comment.author.user_id}`}
            size="sm"
            fw={600}
            style={{ color: 'inherit' }}
          >
            {comment.author.nickname}
          </Text>
          {byAuthor ? (
            <Badge size="xs" variant="light" radius="sm">
              {t('community.comments.authorBadge')}
            </Badge>
          ) : null}
          {comment.reply_to ? (
            <Text size="xs" c="dimmed">
              {t('community.comments.replyingTo', { name: comment.reply_to.nickname })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            <RelativeTime iso={comment.created_at} />
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {comment.text}
        </Text>
        <Group gap={4} mt={2}>
          <Button
            size="compact-xs"
            variant="subtle"
            color={comment.liked ? 'pink' : 'gray'}
            leftSection={comment.liked ? <IconHeartFilled size={14} /> : <IconHeart size={14} />}
            aria-pressed={comment.liked}
            aria-label={t(comment.liked ? 'community.comments.unlike' : 'community.comments.like')}
            onClick={() => like.toggle({ active: comment.liked, count: comment.like_count })}
          >
            {formatCount(comment.like_count, i18n.language)}
          </Button>
          {onReply ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              leftSection={<IconMessageCircle size={14} />}
              onClick={onReply}
            >
              {t('community.comments.reply')}
            </Button>
          ) : null}
          {comment.author_liked ? (
            <Tooltip label={t('community.comments.authorLikedHint')} withArrow>
              <Badge
                size="sm"
                variant="light"
                color="pink"
                radius="sm"
                leftSection={<IconHeartFilled size={10} />}
              >
                {t('community.comments.authorLiked')}
              </Badge>
            </Tooltip>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('community.comments.moreActions')}
              >
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {comment.can_delete ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={confirmDelete}
                >
                  {t('community.comments.delete')}
                </Menu.Item>
              ) : null}
              {!mine ? (
                <Menu.Item
                  leftSection={<IconFlag size={14} />}
                  onClick={() => onReport(comment.comment_id)}
                >
                  {t('community.actions.report')}
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
    </Group>
  );
}

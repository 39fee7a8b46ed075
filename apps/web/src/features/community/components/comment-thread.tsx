import type { Comment, Reply } from '@lumen/contracts/community';
import { Anchor, Box, Loader, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReplies } from '../api/comments';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';

interface CommentThreadProps {
  comment: Comment;
  workAuthorId: number;
  canReply: boolean;
  onReport: (commentId: string) => void;
}

/** A top-level comment with its first replies; the rest load on request. */
export function CommentThread({ comment, workAuthorId, canReply, onReport }: CommentThreadProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [replyTo, setReplyTo] = useState<{ id: string; name: string } | null>(null);
  const more = useReplies(comment.comment_id, expanded);

  const replies: Reply[] = useMemo(() => {
    if (!expanded || !more.data) return comment.replies;
    const loaded = more.data.pages.flatMap((page) => page.data);
    // Replies written here since the thread opened are in the preview, not yet in the pages.
    const ids = new Set(loaded.map((r) => r.comment_id));
    return [
      ...loaded.map((r) => ({ ...r, replies: [] as never[] })),
      ...comment.replies.filter((r) => !ids.has(r.comment_id)),
    ];
  }, [expanded, more.data, comment.replies]);

  const hidden = comment.reply_count - replies.length;
  // Answering a reply names it as the parent; the server files it under the same thread.
  const reply = (target: Comment | Reply) =>
    canReply
      ? () => setReplyTo({ id: target.comment_id, name: target.author.nickname })
      : undefined;

  return (
    <Stack gap="xs">
      <CommentItem
        comment={comment}
        workAuthorId={workAuthorId}
        onReply={reply(comment)}
        onReport={onReport}
      />
      {replies.length > 0 || hidden > 0 || replyTo ? (
        <Box pl={{ base: 32, sm: 44 }}>
          <Stack gap="xs">
            {replies.map((r) => (
              <CommentItem
                key={r.comment_id}
                comment={r}
                workAuthorId={workAuthorId}
                onReply={reply(r)}
                onReport={onReport}
                compact
              />
            ))}
            {more.isFetching ? <Loader size="xs" /> : null}
            {hidden > 0 && !more.isFetching ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                fw={600}
                ta="left"
                onClick={() => (expanded ? void more.fetchNextPage() : setExpanded(true))}
              >
                {t('community.comments.moreReplies', { count: hidden })}
              </Anchor>
            ) : null}
            {replyTo ? (
              <CommentComposer
                key={replyTo.id}
                workId={comment.work_id}
                parentId={replyTo.id}
                replyTo={replyTo.name}
                autoFocus
                onDone={() => setReplyTo(null)}
              />
            ) : null}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

import { COMMENT_MAX_LENGTH } from '@lumen/contracts/community';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { useSession } from '../../../shared/session/session-store';
import { useCreateComment } from '../api/comments';
import { commentProblem } from '../comment-rules';

interface CommentComposerProps {
  workId: string;
  /** The thread a reply goes into. */
  parentId?: string;
  /** Whom a reply answers, for the placeholder. */
  replyTo?: string;
  autoFocus?: boolean;
  onDone?: () => void;
}

/**
 * Writes a comment or a reply. Empty and over-long text is stopped here (spec §5); a blocked
 * word comes back as code 10, the client warns "review failed, please modify", and the text
 * stays for editing.
 */
export function CommentComposer({
  workId,
  parentId,
  replyTo,
  autoFocus,
  onDone,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const [text, setText] = useState('');
  const [reviewFailed, setReviewFailed] = useState(false);
  const create = useCreateComment(workId);
  const problem = commentProblem(text);
  const length = text.trim().length;

  if (!signedIn) {
    return (
      <Button variant="light" radius="xl" onClick={() => useSession.getState().openLogin()}>
        {t('community.comments.signInToComment')}
      </Button>
    );
  }

  const submit = () => {
    if (problem) return;
    create.mutate(
      { text: text.trim(), ...(parentId ? { parent_id: parentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          onDone?.();
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ErrorCode.commentReviewFailed)
            setReviewFailed(true);
        },
      },
    );
  };

  const error =
    problem === 'tooLong'
      ? t('community.comments.tooLong', { max: COMMENT_MAX_LENGTH })
      : reviewFailed
        ? t('errors.commentReviewFailed')
        : undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Textarea
        aria-label={t(parentId ? 'community.comments.replyLabel' : 'community.comments.label')}
        placeholder={
          replyTo
            ? t('community.comments.replyPlaceholder', { name: replyTo })
            : t('community.comments.placeholder')
        }
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setReviewFailed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit();
        }}
        autosize
        minRows={parentId ? 1 : 2}
        maxRows={8}
        autoFocus={autoFocus}
        error={error}
        radius="md"
      />
      <Group justify="space-between" mt={6} gap="xs">
        <Text size="xs" c={length > COMMENT_MAX_LENGTH ? 'red' : 'dimmed'}>
          {length}/{COMMENT_MAX_LENGTH}
        </Text>
        <Group gap="xs">
          {onDone && parentId ? (
            <Button size="xs" variant="subtle" color="gray" onClick={onDone}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button
            type="submit"
            size="xs"
            radius="xl"
            disabled={problem !== null}
            loading={create.isPending}
          >
            {t(parentId ? 'community.comments.reply' : 'community.comments.post')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}

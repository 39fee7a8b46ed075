import type { WorkDetail } from '@lumen/contracts/community';
import { Alert, Button, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessageOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useComments } from '../api/comments';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-thread';
import { ReportDialog } from './report-dialog';

/** Spec §2 comments panel: write, read newest first with replies, like, delete, report. */
export function CommentsPanel({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const approved = work.status === 'approved';
  const comments = useComments(work.work_id, approved);
  const [reporting, setReporting] = useState<string | null>(null);
  const threads = useMemo(
    () => comments.data?.pages.flatMap((page) => page.data) ?? [],
    [comments.data],
  );
  // A notification about a comment links here with `?comment=`; bring that thread into view.
  const [params] = useSearchParams();
  const linked = params.get('comment');
  const loaded = threads.length > 0;
  useEffect(() => {
    if (!linked || !/^\d+$/.test(linked) || !loaded) return;
    document
      .querySelector(`[data-comment-id="${linked}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [linked, loaded]);

  return (
    <Card withBorder radius="lg" padding="lg" id="comments">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('community.comments.title', { count: work.comment_count })}
          </Title>
        </Group>
        {!approved ? (
          <Text size="sm" c="dimmed">
            {t('community.comments.afterApproval')}
          </Text>
        ) : !work.allow_comments ? (
          <Alert variant="light" color="gray" icon={<IconMessageOff size={18} />}>
            {t('community.comments.off')}
          </Alert>
        ) : (
          <CommentComposer workId={work.work_id} />
        )}
        {approved ? (
          <>
            <Divider />
            {comments.isPending ? (
              <Stack gap="sm">
                <Skeleton h={48} radius="md" />
                <Skeleton h={48} radius="md" />
              </Stack>
            ) : threads.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t('community.comments.empty')}
              </Text>
            ) : (
              <Stack gap="lg">
                {threads.map((comment) => (
                  <CommentThread
                    key={comment.comment_id}
                    comment={comment}
                    workAuthorId={work.author.user_id}
                    canReply={work.allow_comments}
                    onReport={setReporting}
                  />
                ))}
              </Stack>
            )}
            {comments.hasNextPage ? (
              <Button
                variant="subtle"
                onClick={() => void comments.fetchNextPage()}
                loading={comments.isFetchingNextPage}
              >
                {t('community.comments.more')}
              </Button>
            ) : null}
          </>
        ) : null}
      </Stack>
      <ReportDialog
        opened={reporting !== null}
        onClose={() => setReporting(null)}
        target={{ comment_id: reporting ?? undefined }}
      />
    </Card>
  );
}

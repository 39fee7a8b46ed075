import { Button, Card, Stack, Text } from '@mantine/core';
import { IconLibraryPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTask } from '../../library/api/get-task';
import { TaskProgress } from '../../library/components/task-progress';

/** The submitted lip sync: its progress, then the video playing, with a way to the library. */
export function LipSyncResult({ taskId }: { taskId: string }) {
  const { t } = useTranslation();
  const task = useTask(taskId, 'video', 'mouth_speech');
  if (!task.data) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Text size="sm" c="dimmed" role="status">
          {t('videoTools.lipSync.result.waiting')}
        </Text>
      </Card>
    );
  }
  const output = task.data.sub_task_results[0];
  if (task.data.status !== 'done' || !output?.url) return <TaskProgress task={task.data} />;
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="sm">
        <video
          src={output.url}
          poster={output.thumb_url ?? undefined}
          controls
          autoPlay
          playsInline
          loop
          aria-label={t('videoTools.lipSync.result.video')}
          data-testid="lip-sync-result"
          style={{ width: '100%', borderRadius: 8, display: 'block', background: '#000' }}
        />
        <Button
          component={Link}
          to={`/library/item/${encodeURIComponent(taskId)}/${output.index ?? 0}?kind=video&type=mouth_speech`}
          variant="light"
          radius="xl"
          leftSection={<IconLibraryPhoto size={16} />}
        >
          {t('videoTools.lipSync.result.open')}
        </Button>
      </Stack>
    </Card>
  );
}

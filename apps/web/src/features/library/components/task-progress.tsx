import type { TaskResult } from '@lumen/contracts/tasks';
import { Alert, Card, Loader, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTaskEta } from '../../../shared/hooks/use-task-eta';
import { CancelTaskButton } from '../../../shared/ui/cancel-task-button';
import { libraryKeys } from '../library-kinds';
import { taskLabel } from '../library-items';

/**
 * A work still on its way (queued with its position, or generating with its progress), or
 * the reason it ended without one. The events stream (or polling) keeps it current.
 */
export function TaskProgress({ task }: { task: TaskResult }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const eta = useTaskEta(task.task_id, task.progress, task.status === 'generating');
  if (task.status === 'queued' || task.status === 'generating') {
    const queued = task.status === 'queued';
    return (
      <Card withBorder radius="lg" padding="xl" mih={320}>
        <Stack align="center" justify="center" gap="sm" mih={280}>
          <Loader type="dots" />
          <Text fw={600}>{taskLabel(t, task)}</Text>
          <Text size="sm" c="dimmed" role="status">
            {queued
              ? t('library.detail.queued', { position: task.queue_position })
              : t('library.detail.generating', { progress: task.progress })}
            {!queued && eta ? <span data-testid="task-eta">{` · ${eta}`}</span> : null}
          </Text>
          {queued ? null : (
            <Progress value={task.progress} w="100%" maw={320} aria-hidden radius="xl" />
          )}
          <CancelTaskButton
            mt="xs"
            taskId={task.task_id}
            onCancelled={(cancelled) => {
              queryClient.setQueryData(libraryKeys.task(task.task_id), cancelled);
              void queryClient.invalidateQueries({ queryKey: libraryKeys.taskLists });
            }}
          />
        </Stack>
      </Card>
    );
  }
  return (
    // Cancelling was the user's own choice: said plainly, not as an error.
    <Alert
      color={task.status === 'cancelled' ? 'gray' : 'red'}
      variant="light"
      title={t('library.detail.endedTitle')}
    >
      {t(
        `library.detail.ended.${task.status === 'flagged' ? 'flagged' : task.status === 'cancelled' ? 'cancelled' : 'failed'}`,
      )}
    </Alert>
  );
}

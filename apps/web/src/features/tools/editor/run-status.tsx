import type { TaskResult } from '@lumen/contracts/tasks';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTaskEta } from '../../../shared/hooks/use-task-eta';
import { CancelTaskButton } from '../../../shared/ui/cancel-task-button';

interface RunStatusProps {
  task: TaskResult;
  onCancelled: (task: TaskResult) => void;
  onDismiss: () => void;
}

/** A run on its way (its place in line, then its progress, with Cancel) or how it ended badly. */
export function RunStatus({ task, onCancelled, onDismiss }: RunStatusProps) {
  const { t } = useTranslation();
  const eta = useTaskEta(task.task_id, task.progress, task.status === 'generating');
  if (task.status === 'queued' || task.status === 'generating') {
    const queued = task.status === 'queued';
    return (
      <Stack gap={6} role="status" aria-live="polite">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            {queued
              ? t('tools.editor.run.queued', { count: task.queue_position })
              : t('tools.editor.run.working', { progress: task.progress })}
            {!queued && eta ? (
              <Text span size="sm" c="dimmed" fw={400} data-testid="task-eta">
                {` · ${eta}`}
              </Text>
            ) : null}
          </Text>
          <CancelTaskButton taskId={task.task_id} onCancelled={onCancelled} />
        </Group>
        <Progress value={queued ? 0 : task.progress} animated striped={queued} />
      </Stack>
    );
  }
  if (task.status === 'done') return null;
  const flagged = task.status === 'flagged';
  const message =
    task.status === 'cancelled'
      ? t('tools.editor.run.cancelled')
      : task.error || t(flagged ? 'generate.status.flagged' : 'generate.status.failed');
  return (
    <Alert
      color={task.status === 'cancelled' ? 'gray' : flagged ? 'orange' : 'red'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      role="alert"
    >
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onDismiss}>
            {t('tools.editor.run.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

import type { TaskResult } from '@lumen/contracts/tasks';
import { Alert, Badge, Button, Card, Group, Progress, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockHour4,
  IconReload,
  IconShieldExclamation,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { CancelTaskButton } from '../../../shared/ui/cancel-task-button';
import { InputPicture } from '../../../shared/ui/input-picture';
import { inputPictures } from '../../../shared/ui/input-pictures';
import { useTaskEta } from '../../../shared/hooks/use-task-eta';
import { LivePreview } from '../../../shared/ui/live-preview';
import { RelativeTime } from '../../../shared/ui/relative-time';
import { ratioParts } from '../aspect-ratio';
import { recreatable } from '../task-request';
import { generateKeys, isActive, mediaOf } from '../task-kinds';
import { ResultMedia, type ResultActions } from './result-media';
import classes from './results.module.css';

export const PREVIEW_ENGINE = 'local-preview';

interface ResultCardProps extends ResultActions {
  task: TaskResult;
  /** The requested aspect ratio, so placeholders have the shape of what is coming. */
  ratio?: string;
}

function Placeholders({ task, ratio }: { task: TaskResult; ratio: string }) {
  const [w, h] = ratioParts(ratio);
  const count = Math.max(1, task.sub_task_results.length);
  return (
    <div className={classes.mediaGrid} data-count={Math.min(count, 4)}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className={classes.placeholder}
          data-testid="generating-placeholder"
          style={{ aspectRatio: `${w} / ${h}` }}
        >
          {/* The engine previews one picture; it stands for each of the batch. */}
          {task.status === 'generating' ? (
            <LivePreview taskId={task.task_id} progress={task.progress} />
          ) : null}
        </div>
      ))}
    </div>
  );
}

function RunningState({ task }: { task: TaskResult }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const eta = useTaskEta(task.task_id, task.progress, task.status === 'generating');
  return (
    <div className={classes.runningBar} aria-live="polite">
      {task.status === 'queued' ? (
        <Group gap={6} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
          <IconClockHour4 size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          {/* Wraps on a phone rather than cutting the wait off. */}
          <Text size="sm" lh={1.35}>
            {task.queue_position > 0
              ? t('generate.status.queuedAt', { position: task.queue_position })
              : t('generate.status.queued')}
            {task.queue_position === 0
              ? ''
              : task.estimated_wait_min > 0
                ? ` · ${t('generate.status.wait', { count: task.estimated_wait_min })}`
                : ` · ${t('generate.status.waitSoon')}`}
          </Text>
        </Group>
      ) : (
        <div style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" mb={4} gap="xs">
            <Text size="sm">{t('generate.status.generating')}</Text>
            <Text size="sm" c="dimmed" data-testid="task-eta">
              {eta ? `${task.progress}% · ${eta}` : `${task.progress}%`}
            </Text>
          </Group>
          <Progress
            value={Math.max(3, task.progress)}
            animated
            striped
            size="sm"
            aria-label={t('generate.status.progressLabel')}
          />
        </div>
      )}
      <CancelTaskButton
        taskId={task.task_id}
        onCancelled={(cancelled) => {
          queryClient.setQueryData(generateKeys.task(task.task_id), cancelled);
          void queryClient.invalidateQueries({ queryKey: generateKeys.histories });
        }}
      />
    </div>
  );
}

function RetryButton({ task, onRetry }: { task: TaskResult; onRetry?: ResultActions['onRetry'] }) {
  const { t } = useTranslation();
  if (!onRetry || !recreatable(mediaOf(task.task_type), task)) return null;
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconReload size={14} />}
      onClick={() => onRetry(task)}
    >
      {t('generate.status.retry')}
    </Button>
  );
}

function EndedState({ task, onRetry }: { task: TaskResult; onRetry?: ResultActions['onRetry'] }) {
  const { t } = useTranslation();
  if (task.status === 'cancelled') {
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed">
          {t('generate.status.cancelled')}
        </Text>
        <RetryButton task={task} onRetry={onRetry} />
      </Group>
    );
  }
  const flagged = task.status === 'flagged';
  return (
    <Alert
      variant="light"
      color={flagged ? 'orange' : 'red'}
      icon={flagged ? <IconShieldExclamation size={18} /> : <IconAlertTriangle size={18} />}
      title={t(flagged ? 'generate.status.flaggedTitle' : 'generate.status.failedTitle')}
    >
      <Text size="sm">
        {task.error || t(flagged ? 'generate.status.flagged' : 'generate.status.failed')}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('generate.status.refunded')}
      </Text>
      {/* Flagged content would likely be flagged again: the prompt needs changing first. */}
      {flagged ? null : (
        <Group mt="xs">
          <RetryButton task={task} onRetry={onRetry} />
        </Group>
      )}
    </Alert>
  );
}

/** The prompt, after the pictures the run started from (image to image, to video, to 3D). */
function RunInputs({ task }: { task: TaskResult }) {
  const pictures = inputPictures(task);
  if (!task.prompt && pictures.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" mb="sm">
      {pictures.map((input, i) => (
        <InputPicture key={input.key} input={input} index={i} size={40} />
      ))}
      {task.prompt ? (
        <Text size="sm" lineClamp={2} title={task.prompt} style={{ minWidth: 0 }}>
          {task.prompt}
        </Text>
      ) : null}
    </Group>
  );
}

/** One generation in any state of spec §4, with its outputs once done. */
export function ResultCard({ task, ratio = '1:1', ...actions }: ResultCardProps) {
  const { t } = useTranslation();
  const preview = task.engine === PREVIEW_ENGINE;
  return (
    <Card
      withBorder
      radius="lg"
      padding="sm"
      className={classes.resultCard}
      data-status={task.status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb="xs" align="flex-start">
        <Group gap={6} style={{ minWidth: 0 }}>
          <Badge variant="light" size="sm" radius="sm">
            {taskTypeName(t, task.task_type)}
          </Badge>
          {preview ? (
            <Tooltip label={t('generate.result.previewHint')} withArrow multiline w={240}>
              <Badge variant="outline" color="gray" size="sm" radius="sm">
                {t('generate.result.preview')}
              </Badge>
            </Tooltip>
          ) : null}
          <Text size="xs" c="dimmed">
            <RelativeTime iso={task.created_at} />
          </Text>
        </Group>
        {task.cost > 0 && (task.status === 'done' || isActive(task)) ? (
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t('generate.result.cost', { count: task.cost })}
          </Text>
        ) : null}
      </Group>
      <RunInputs task={task} />
      {isActive(task) ? (
        <>
          <Placeholders task={task} ratio={ratio} />
          <RunningState task={task} />
        </>
      ) : task.status === 'done' ? (
        <ResultMedia task={task} {...actions} />
      ) : (
        <EndedState task={task} onRetry={actions.onRetry} />
      )}
    </Card>
  );
}

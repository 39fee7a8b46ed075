import type { TaskResult } from '@lumen/contracts/tasks';
import { Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StepArrows } from '../../../shared/ui/step-arrows';
import { useIsMobileLayout } from '../use-mobile-layout';
import { ResultToolbar, type ResultActions, type SubTask } from './result-media';
import classes from './results.module.css';

interface MediaLightboxProps extends ResultActions {
  task: TaskResult;
  sub: SubTask;
  index: number;
  /** How many images the run shows; the arrows step through them. */
  count: number;
  onStep: (index: number) => void;
  onClose: () => void;
}

/** An action that also closes the lightbox, so its effect (a new run, a seed set) is seen. */
function closeAfter<T>(action: (value: T) => void, onClose: () => void) {
  return (value: T) => {
    action(value);
    onClose();
  };
}

/** "Open large": the full-size image with its prompt, seed and size, and arrows to the others. */
export function MediaLightbox({
  task,
  sub,
  index,
  count,
  onStep,
  onClose,
  ...actions
}: MediaLightboxProps) {
  const { t } = useTranslation();
  const fullScreen = useIsMobileLayout();
  return (
    <Modal
      opened
      onClose={onClose}
      size="min(1100px, 96vw)"
      fullScreen={fullScreen}
      centered
      title={t('generate.result.lightboxTitle', { index: index + 1, count })}
      closeButtonProps={{ 'aria-label': t('generate.actions.close') }}
    >
      <Stack gap="md">
        <div className={classes.lightboxImage}>
          <Image
            src={sub.url}
            alt={task.prompt || t('generate.result.imageAlt', { index: index + 1 })}
            fit="contain"
            mah="72vh"
          />
          <StepArrows position={index} count={count} onStep={onStep} swipe />
        </div>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
            {task.prompt ? <Text size="sm">{task.prompt}</Text> : null}
            <Text size="xs" c="dimmed">
              {[
                sub.seed !== null ? t('generate.result.seed', { seed: sub.seed }) : null,
                sub.width && sub.height ? `${sub.width} × ${sub.height}` : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <div>
            <ResultToolbar
              labelled
              task={task}
              sub={sub}
              index={index}
              watermark={actions.watermark}
              onReuseSeed={actions.onReuseSeed && closeAfter(actions.onReuseSeed, onClose)}
              onRecreate={actions.onRecreate && closeAfter(actions.onRecreate, onClose)}
              onUseAsReference={
                actions.onUseAsReference && closeAfter(actions.onUseAsReference, onClose)
              }
            />
          </div>
        </Group>
      </Stack>
    </Modal>
  );
}

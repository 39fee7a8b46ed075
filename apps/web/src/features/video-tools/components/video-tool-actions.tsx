import type { TaskResult } from '@lumen/contracts/tasks';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconHdr,
  IconMoodTongue,
  IconPalette,
  IconPlayerTrackNext,
  IconTemplate,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { effectStudioPath, lipSyncPath, videoStudioPath } from '../video-tool-paths';
import { videoToolsTexts } from '../video-tools-texts';

/** Spec §4: an extended video offers no 4K, lip sync or background removal. */
const EXTENDED = 'video_extend';

interface VideoToolActionsProps {
  task: TaskResult;
  /** The output's own index in its run. */
  index: number;
}

type Action = { key: string; label: string; icon: Icon; to: string };

/**
 * A video's next steps on its detail page (spec §2): extend, 4K, lip sync, stylize and use
 * template, each opening its tool with this video chosen. What §4 forbids an extended video
 * is not offered, and the page says why.
 */
export function VideoToolActions({ task, index }: VideoToolActionsProps) {
  const { t } = useTranslation();
  const ready = useSectionTexts(videoToolsTexts);
  if (!ready) return null;
  const from = { taskId: task.task_id, index };
  const extended = task.task_type === EXTENDED;
  const effect = task.request?.params.effect;
  const actions: Action[] = [
    {
      key: 'extend',
      label: 'extend',
      icon: IconPlayerTrackNext,
      to: videoStudioPath('extend', from),
    },
    ...(extended
      ? []
      : [
          { key: 'enhance', label: 'enhance', icon: IconHdr, to: videoStudioPath('enhance', from) },
          { key: 'lipSync', label: 'lipSync', icon: IconMoodTongue, to: lipSyncPath(from) },
        ]),
    { key: 'stylize', label: 'stylize', icon: IconPalette, to: videoStudioPath('stylize', from) },
    {
      key: 'useTemplate',
      label: 'useTemplate',
      icon: IconTemplate,
      // The run's own template again where it had one; otherwise the templates to choose from.
      to: typeof effect === 'string' && effect ? effectStudioPath(effect) : '/studio/templates',
    },
  ];
  return (
    <Stack gap={6} data-testid="video-tool-actions">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('videoTools.detail.title')}
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 3 }} spacing={6}>
        {actions.map(({ key, label, icon: ActionIcon, to }) => (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="default"
            radius="md"
            size="compact-sm"
            h="auto"
            py={8}
            styles={{
              inner: { flexDirection: 'column', gap: 4 },
              section: { margin: 0 },
              label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 },
            }}
            leftSection={<ActionIcon size={18} />}
          >
            {t(`videoTools.detail.${label}`)}
          </Button>
        ))}
      </SimpleGrid>
      {extended ? (
        <Text size="xs" c="dimmed">
          {t('videoTools.detail.extended')}
        </Text>
      ) : null}
    </Stack>
  );
}

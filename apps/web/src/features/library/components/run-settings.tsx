import type { TaskResult } from '@lumen/contracts/tasks';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LibraryKind } from '../library-kinds';
import { detailPath, PICTURE_TOOL_TASK_TYPES } from '../library-items';
import { InputPicture } from '../../../shared/ui/input-picture';
import { inputPictures } from '../../../shared/ui/input-pictures';
import { Setting } from '../../../shared/ui/setting';

/**
 * What the run was asked for beyond its prompt, from the request its answer carries: style and
 * model of a picture; length, resolution, frame rate and sound of a video. Tools (enhance,
 * cut-out) have none.
 */
export function RunSettings({ task, kind }: { task: TaskResult; kind: LibraryKind }) {
  const { t } = useTranslation();
  const request = task.request;
  if (!request || PICTURE_TOOL_TASK_TYPES.has(task.task_type) || kind === '3d') return null;
  const style = (
    <Setting
      label={t('library.detail.style')}
      value={t(`generate.styles.${request.params.style}`, { defaultValue: request.params.style })}
    />
  );
  if (kind === 'video') {
    return (
      <>
        {style}
        <Setting
          label={t('library.detail.duration')}
          value={t('generate.video.seconds', { count: request.params.duration })}
        />
        <Setting label={t('library.detail.resolution')} value={request.params.resolution} />
        <Setting
          label={t('generate.video.fps')}
          value={t('generate.video.fpsOption', { count: request.params.fps })}
        />
        {request.params.sound_effect ? (
          <Setting label={t('generate.video.soundEffect')} value={t('library.detail.on')} />
        ) : null}
      </>
    );
  }
  return (
    <>
      {style}
      <Setting
        label={t('library.detail.model')}
        value={t(`generate.models.${request.version}.name`, { defaultValue: request.version })}
      />
    </>
  );
}

/** The negative prompt, when the run had one. */
export function NegativePrompt({ task }: { task: TaskResult }) {
  const { t } = useTranslation();
  const negative = task.request?.negative_prompt;
  if (!negative) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('library.detail.negative')}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {negative}
      </Text>
    </Stack>
  );
}

/** The pictures the run started from (an upload, or one of the user's results). */
export function MadeFrom({ task }: { task: TaskResult }) {
  const { t } = useTranslation();
  const pictures = inputPictures(task);
  if (pictures.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('library.detail.madeFrom')}
      </Text>
      <Group gap="xs">
        {pictures.map((input, i) => {
          const thumbnail = <InputPicture input={input} index={i} size={72} />;
          // One of the user's results opens its own page; an upload opens large.
          const page =
            input.task_id &&
            // Found by its key, as a folder item is: its index in its run is not known here.
            detailPath({
              taskId: input.task_id,
              index: 0,
              kind: 'image',
              taskType: null,
              url: null,
              key: input.key,
            });
          return page ? (
            <Link key={input.key} to={page}>
              {thumbnail}
            </Link>
          ) : (
            <a key={input.key} href={input.url} target="_blank" rel="noreferrer">
              {thumbnail}
            </a>
          );
        })}
      </Group>
    </Stack>
  );
}

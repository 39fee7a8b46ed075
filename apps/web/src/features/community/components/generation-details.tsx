import type { WorkDetail } from '@lumen/contracts/community';
import { ActionIcon, CopyButton, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { ratioOf } from '../remix-links';
import { Setting } from '../../../shared/ui/setting';

function PromptBlock({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" fw={700} tt="uppercase">
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Tooltip label={t(copied ? 'community.share.copied' : 'community.work.copyPrompt')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={t('community.work.copyPrompt')}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Stack>
  );
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** Prompt and settings of the generation, unless it was private (spec §6). */
export function GenerationDetails({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  if (work.prompt === null || work.settings === null) {
    return (
      <Group gap="xs" wrap="nowrap" c="dimmed">
        <IconLock size={16} />
        <Text size="sm" fs="italic">
          {t('community.work.private')}
        </Text>
      </Group>
    );
  }
  const s = work.settings;
  const entries: { label: string; value: string | null }[] = [
    {
      label: t('community.work.settings.type'),
      value: taskTypeName(t, work.task_type),
    },
    {
      label: t('community.work.settings.model'),
      value:
        str(s.model) &&
        t(`generate.models.${String(s.model)}.name`, { defaultValue: String(s.model) }),
    },
    {
      label: t('community.work.settings.style'),
      // A 3D model has no picture style or frame; its settings carry the defaults only.
      value:
        work.kind !== '3d' && str(s.style)
          ? t(`generate.styles.${String(s.style)}`, { defaultValue: String(s.style) })
          : null,
    },
    {
      label: t('community.work.settings.seed'),
      value: work.seed === null ? null : String(work.seed),
    },
    {
      label: t('community.work.settings.ratio'),
      value:
        work.kind === '3d' ? null : (str(s.ratio) ?? ratioOf(work.media.width, work.media.height)),
    },
    {
      label: t('community.work.settings.size'),
      value:
        work.media.width && work.media.height ? `${work.media.width} × ${work.media.height}` : null,
    },
    {
      label: t('community.work.settings.duration'),
      value:
        work.kind === 'video' && str(s.durationS)
          ? t('community.work.seconds', { count: Number(s.durationS) })
          : null,
    },
    {
      label: t('community.work.settings.resolution'),
      value: work.kind === 'video' ? str(s.resolution) : null,
    },
    {
      label: t('generate.video.fps'),
      value:
        work.kind === 'video' && str(s.fps)
          ? t('generate.video.fpsOption', { count: Number(s.fps) })
          : null,
    },
    {
      label: t('generate.video.soundEffect'),
      value: work.kind === 'video' && s.soundEffect === true ? t('library.detail.on') : null,
    },
    {
      label: t('community.work.settings.strength'),
      value: work.task_type === 'img2img' ? str(s.strength) : null,
    },
  ];
  return (
    <Stack gap="md">
      {work.prompt ? <PromptBlock label={t('community.work.prompt')} text={work.prompt} /> : null}
      {work.negative_prompt ? (
        <PromptBlock label={t('community.work.negativePrompt')} text={work.negative_prompt} />
      ) : null}
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        {entries
          .filter((entry): entry is { label: string; value: string } => Boolean(entry.value))
          .map((entry) => (
            <Setting key={entry.label} label={entry.label} value={entry.value} />
          ))}
      </SimpleGrid>
    </Stack>
  );
}

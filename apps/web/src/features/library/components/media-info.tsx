import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  IconBox,
  IconCheck,
  IconCopy,
  IconDownload,
  IconEdit,
  IconMovie,
  IconPhoto,
  IconRefresh,
  IconSeeding,
  IconWorldUpload,
} from '@tabler/icons-react';
import { isToolId, toolOf } from '@lumen/contracts/tools';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { editorPath } from '../../../shared/editor-path';
import { engineLabel } from '../../../shared/i18n/engine-name';
import { openPublishDialog } from '../../../shared/session/publish-dialog-store';
import { downloadMedia } from '../../../shared/api/download-media';
import { usePictureTool, type PictureToolInput } from '../api/picture-tools';
import { CutoutAction } from './cutout-action';
import { EnhanceAction } from './enhance-action';
import { OutputActions, type OutputViewProps } from './output-actions';
import { OutputFacts } from './output-facts';
import {
  LOCAL_PREVIEW_ENGINE,
  PICTURE_TOOL_TASK_TYPES,
  ratioOf,
  studioFromOutput,
  taskLabel,
  studioPath,
} from '../library-items';
import { downloadTypes } from '../library-kinds';
import { Setting } from '../../../shared/ui/setting';
import { MadeFrom, NegativePrompt, RunSettings } from './run-settings';
import { VideoToolActions } from '../../video-tools/components/video-tool-actions';

/** Prompt, settings and what to do next with a work. */
export function MediaInfo({ task, output, outputKey, kind }: OutputViewProps) {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const navigate = useNavigate();
  const pictureTool = usePictureTool();
  const [runningTool, setRunningTool] = useState<'remove_bg' | 'upscale' | null>(null);
  const isImage = kind === 'image';
  // A cut-out of a cut-out changes nothing; other images get the spec §2 action.
  const canRemoveBackground = isImage && task.task_type !== 'remove_bg';
  // Each enhance choice says itself whether this picture's size allows it.
  const canEnhance = isImage;

  const runTool = (input: PictureToolInput) => {
    setRunningTool(input.tool);
    pictureTool.mutate(input, {
      onSuccess: (queued) =>
        void navigate(`/library/item/${queued.task_id}/0?kind=image&type=${input.tool}`),
      onSettled: () => setRunningTool(null),
    });
  };
  const ratio = ratioOf(output.width, output.height);
  const index = output.index ?? Math.max(0, task.sub_task_results.indexOf(output));
  const startFrom = [
    { target: 'image', label: 'library.detail.toImage', icon: IconPhoto },
    { target: 'video', label: 'library.detail.toVideo', icon: IconMovie },
    { target: '3d', label: 'library.detail.to3d', icon: IconBox },
  ] as const;
  const preview = task.engine === LOCAL_PREVIEW_ENGINE;
  // The studio takes every setting of the run back when the answer says how it was made.
  const recreate = task.request ? { taskId: task.task_id, taskType: task.task_type } : undefined;
  const tool = PICTURE_TOOL_TASK_TYPES.has(task.task_type);
  // A tool run shows its words where the tool takes them (a repaint's prompt, an instruction).
  const showPrompt =
    !tool || (isToolId(task.task_type) && toolOf(task.task_type).inputs.prompt === 'required');

  const download = async () => {
    setDownloading(true);
    await downloadMedia({
      type: downloadTypes[kind],
      key: outputKey,
      name: `lumen-${task.task_id.slice(0, 8)}-${outputKey.split('/').pop()?.split('.')[0] ?? 'work'}`,
    });
    setDownloading(false);
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap={6}>
          <Badge variant="light">{t(`library.kindLabels.${kind}`)}</Badge>
          <Badge variant="light" color="gray">
            {taskLabel(t, task)}
          </Badge>
          {preview ? (
            <Tooltip label={t('library.previewHint')} withArrow multiline w={240}>
              <Badge color="dark">{t('library.preview')}</Badge>
            </Tooltip>
          ) : null}
        </Group>

        {showPrompt ? (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t('library.detail.prompt')}
              </Text>
              {task.prompt ? (
                <CopyButton value={task.prompt}>
                  {({ copied, copy }) => (
                    <Tooltip
                      label={t(copied ? 'library.detail.copied' : 'library.detail.copy')}
                      withArrow
                    >
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        size="sm"
                        onClick={copy}
                        aria-label={t('library.detail.copy')}
                      >
                        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              ) : null}
            </Group>
            <Text
              size="sm"
              c={task.prompt ? undefined : 'dimmed'}
              fs={task.prompt ? undefined : 'italic'}
            >
              {task.prompt || t('library.detail.noPrompt')}
            </Text>
          </Stack>
        ) : null}

        {tool ? null : <NegativePrompt task={task} />}
        <MadeFrom task={task} />
        <Divider />
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
          <Setting
            label={t('library.detail.seed')}
            value={output.seed === null ? '—' : String(output.seed)}
          />
          {/* A model's render size says nothing about the model: its own facts follow. */}
          {kind === '3d' ? null : (
            <>
              <Setting
                label={t('library.detail.size')}
                value={output.width && output.height ? `${output.width} × ${output.height}` : '—'}
              />
              <Setting label={t('library.detail.ratio')} value={ratio ?? '—'} />
            </>
          )}
          <OutputFacts facts={output.facts} kind={kind} requested={task.request?.params} />
          <RunSettings task={task} kind={kind} />
          <Setting
            label={t('library.detail.cost')}
            value={t('library.detail.credits', { count: task.cost })}
          />
          <Setting
            label={t('library.detail.engine')}
            value={preview ? t('library.detail.previewEngine') : engineLabel(t, task.engine)}
          />
          <Setting
            label={t('library.detail.created')}
            value={new Intl.DateTimeFormat(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date(task.created_at))}
          />
        </SimpleGrid>
        <Divider />

        <Stack gap="xs">
          <Button
            leftSection={<IconDownload size={16} />}
            radius="xl"
            loading={downloading}
            onClick={() => void download()}
          >
            {t(`library.detail.download.${kind}`)}
          </Button>
          <Button
            variant="light"
            radius="xl"
            leftSection={<IconWorldUpload size={16} />}
            onClick={() =>
              openPublishDialog({
                taskId: task.task_id,
                outputIndex: index,
                kind,
                previewUrl: output.thumb_url ?? output.url,
                prompt: task.prompt,
              })
            }
          >
            {t('library.detail.publish')}
          </Button>
          {isImage && output.mime !== 'image/svg+xml' ? (
            <Button
              component={Link}
              to={editorPath({ taskId: task.task_id, index })}
              variant="light"
              radius="xl"
              leftSection={<IconEdit size={16} />}
            >
              {t('library.detail.edit')}
            </Button>
          ) : null}
          {canEnhance ? (
            <EnhanceAction
              width={output.width}
              height={output.height}
              loading={runningTool === 'upscale'}
              disabled={runningTool !== null && runningTool !== 'upscale'}
              onRun={(scale) => runTool({ tool: 'upscale', key: outputKey, scale })}
            />
          ) : null}
          {canRemoveBackground ? (
            <CutoutAction
              loading={runningTool === 'remove_bg'}
              disabled={runningTool !== null && runningTool !== 'remove_bg'}
              onRun={(background) => runTool({ tool: 'remove_bg', key: outputKey, background })}
            />
          ) : null}
          {tool ? null : (
            <>
              <Button
                component={Link}
                to={studioPath(kind, { prompt: task.prompt, seed: output.seed, ratio, recreate })}
                variant="light"
                radius="xl"
                leftSection={<IconSeeding size={16} />}
              >
                {t('library.detail.reuseSeed')}
              </Button>
              <Button
                component={Link}
                to={studioPath(kind, { prompt: task.prompt, ratio, recreate })}
                variant="default"
                radius="xl"
                leftSection={<IconRefresh size={16} />}
              >
                {t('library.detail.recreate')}
              </Button>
            </>
          )}
        </Stack>
        {isImage ? (
          <Stack gap={6}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('library.detail.startFrom')}
            </Text>
            <SimpleGrid cols={3} spacing={6}>
              {startFrom.map(({ target, label, icon: Icon }) => (
                <Button
                  key={target}
                  component={Link}
                  to={studioFromOutput(target, {
                    taskId: task.task_id,
                    index,
                    ...(task.prompt ? { prompt: task.prompt } : {}),
                  })}
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
                  leftSection={<Icon size={18} />}
                >
                  {t(label)}
                </Button>
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
        {kind === 'video' ? <VideoToolActions task={task} index={index} /> : null}
        <Divider />
        <OutputActions task={task} output={output} outputKey={outputKey} kind={kind} />
      </Stack>
    </Card>
  );
}

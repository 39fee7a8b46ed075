import type { TaskResult } from '@lumen/contracts/tasks';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowBack, IconArrowRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadMedia } from '../../../shared/api/download-media';
import { pictureOfOutput } from '../api/get-own-picture';
import { BeforeAfter } from './before-after';
import type { EditorPicture, EditorStep } from './editor-steps';

const SVG = 'image/svg+xml';
const backdrops = ['checker', 'light', 'dark'] as const;
type Backdrop = (typeof backdrops)[number];

interface ResultViewProps {
  task: TaskResult;
  input: EditorStep;
  /** The result taken on as the next step. */
  onContinue: (picture: EditorPicture) => void;
  onDiscard: () => void;
}

/**
 * A finished run: the result over the picture it was made from with a before/after slider,
 * "continue editing", and the downloads (a traced result as SVG and as PNG).
 */
export function ResultView({ task, input, onContinue, onDiscard }: ResultViewProps) {
  const { t } = useTranslation();
  const [backdrop, setBackdrop] = useState<Backdrop>('checker');
  const [downloading, setDownloading] = useState<string | null>(null);
  const outputs = task.sub_task_results;
  const svg = outputs.find((o) => o.mime === SVG);
  const raster = outputs.map(pictureOfOutput).find((p) => p !== null) ?? null;
  const shown = svg?.url ?? raster?.url;
  const background = task.request?.params.background;
  const transparent =
    task.task_type === 'remove_bg' && (!background || background === 'transparent');

  const download = (key: string, extension?: string) => {
    setDownloading(key);
    void downloadMedia({
      type: 'image',
      key,
      name: `lumen-${task.task_id.slice(0, 8)}`,
      ...(extension ? { extension } : {}),
    }).finally(() => setDownloading(null));
  };

  return (
    <Stack gap="sm">
      {shown ? (
        <BeforeAfter
          before={input.url}
          after={shown}
          backdrop={transparent ? backdrop : undefined}
        />
      ) : (
        <Text c="dimmed">{t('generate.status.failed')}</Text>
      )}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {raster ? (
            <Button leftSection={<IconArrowRight size={16} />} onClick={() => onContinue(raster)}>
              {t('tools.editor.result.continue')}
            </Button>
          ) : null}
          {svg?.image ? (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={downloading === svg.image}
              onClick={() => download(svg.image ?? '', 'svg')}
            >
              {t('tools.editor.vectorize.downloadSvg')}
            </Button>
          ) : null}
          {raster ? (
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={downloading === raster.key}
              onClick={() => download(raster.key)}
            >
              {t('tools.editor.result.downloadPng')}
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconArrowBack size={16} />}
            onClick={onDiscard}
          >
            {t('tools.editor.result.discard')}
          </Button>
        </Group>
        {transparent ? (
          <SegmentedControl
            size="xs"
            aria-label={t('library.cutout.view.label')}
            value={backdrop}
            onChange={(value) => setBackdrop(value as Backdrop)}
            data={backdrops.map((value) => ({ value, label: t(`library.cutout.view.${value}`) }))}
          />
        ) : null}
      </Group>
    </Stack>
  );
}

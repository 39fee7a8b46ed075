import type { SubTaskResult, TaskResult } from '@lumen/contracts/tasks';
import { tattooStyles, type TattooStyle } from '@lumen/contracts/tools/tattoo';
import { Chip, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { taskImageRules } from '../../generate/upload-image';
import { StudioFrame } from './studio-frame';
import { StudioResults, type ResultGroup } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';

/** `/studio/tattoo`: the tattoo studio. */
export function TattooStudioPage() {
  const ready = useSectionTexts(studiosTexts);
  if (!ready) return <PageLoader />;
  return <TattooStudio />;
}

/** A run's outputs by result: each result's files share its seed, in the order they came. */
function byResult(outputs: SubTaskResult[]): SubTaskResult[][] {
  const groups = new Map<number | null, SubTaskResult[]>();
  for (const output of outputs) {
    const group = groups.get(output.seed);
    if (group) group.push(output);
    else groups.set(output.seed, [output]);
  }
  return [...groups.values()];
}

function TattooStudio() {
  const { t } = useTranslation();
  const run = useStudioRun('tattoo');
  const [prompt, setPrompt] = useState('');
  const [style, setStyle] = useState<TattooStyle>('fine_line');
  const [reference, setReference] = useState<PickedImage | null>(null);
  const [body, setBody] = useState<PickedImage | null>(null);
  const [count, setCount] = useState(1);
  const [uploading, setUploading] = useState(0);
  const [needsSubject, setNeedsSubject] = useState(false);

  const submit = () => {
    if (!prompt.trim() && !reference) {
      setNeedsSubject(true);
      return;
    }
    void run.start(
      {
        images: reference ? [reference.key] : [],
        prompt: prompt.trim(),
        params: { style, batch_size: count, ...(body ? { body: body.key } : {}) },
      },
      count,
    );
  };

  const groups = (task: TaskResult): ResultGroup[] =>
    byResult(task.sub_task_results).map((files, index) => {
      const [design, stencil, stencilSvg, mockup] = files;
      const parts = [
        design && { label: t('studios.tattoo.design'), output: design, transparent: true },
        stencil && { label: t('studios.tattoo.stencil'), output: stencil },
        mockup && { label: t('studios.tattoo.mockup'), output: mockup },
      ].filter((part) => Boolean(part)) as ResultGroup['parts'];
      const downloads = [
        design && { label: t('studios.tattoo.design'), output: design },
        stencil && { label: t('studios.tattoo.stencil'), output: stencil },
        stencilSvg && { label: t('studios.tattoo.downloadStencilSvg'), output: stencilSvg },
        mockup && { label: t('studios.tattoo.mockup'), output: mockup },
      ].filter((d) => Boolean(d)) as ResultGroup['downloads'];
      return { title: t('studios.tattoo.result', { number: index + 1 }), parts, downloads };
    });

  const busy = (value: boolean) => setUploading((n) => n + (value ? 1 : -1));

  return (
    <StudioFrame
      toolId="tattoo"
      subtitle={t('studios.tattoo.subtitle')}
      count={count}
      onCount={setCount}
      busy={run.submitting || uploading > 0}
      onSubmit={submit}
      results={<StudioResults task={run.task} groups={groups} />}
      form={
        <>
          <Textarea
            label={t('studios.tattoo.prompt')}
            placeholder={t('studios.tattoo.promptPlaceholder')}
            value={prompt}
            autosize
            minRows={2}
            maxLength={2000}
            error={needsSubject ? t('studios.tattoo.needsSubject') : null}
            onChange={(event) => {
              setPrompt(event.currentTarget.value);
              setNeedsSubject(false);
            }}
          />
          <ImageInput
            label={t('studios.tattoo.reference')}
            hint={t('studios.tattoo.referenceHint')}
            rules={taskImageRules}
            value={reference}
            onChange={(value) => {
              setReference(value);
              setNeedsSubject(false);
            }}
            onBusyChange={busy}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="tattoo-style-label">
              {t('studios.tattoo.style')}
            </Text>
            <Chip.Group value={style} onChange={(value) => setStyle(value as TattooStyle)}>
              <Group gap={6} role="radiogroup" aria-labelledby="tattoo-style-label">
                {tattooStyles.map((s) => (
                  <Chip key={s} value={s} size="sm" variant="light">
                    {t(`studios.tattoo.styles.${s}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <ImageInput
            label={t('studios.tattoo.body')}
            hint={t('studios.tattoo.bodyHint')}
            rules={taskImageRules}
            value={body}
            onChange={setBody}
            onBusyChange={busy}
          />
        </>
      }
    />
  );
}

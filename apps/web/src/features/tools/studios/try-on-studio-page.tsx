import { imageRulesOf } from '@lumen/contracts/tools';
import { tryOnCategories, type TryOnCategory } from '@lumen/contracts/tools/try-on';
import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { StudioFrame } from './studio-frame';
import { pictureResults } from './picture-results';
import { StudioResults } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';

/** `/studio/try-on`: a person, a garment, its kind, and the result. */
export function TryOnPage() {
  const ready = useSectionTexts(studiosTexts);
  if (!ready) return <PageLoader />;
  return <TryOnStudio />;
}

function TryOnStudio() {
  const { t } = useTranslation();
  const [person, setPerson] = useState<PickedImage | null>(null);
  const [garment, setGarment] = useState<PickedImage | null>(null);
  const [category, setCategory] = useState<TryOnCategory>('top');
  const [prompt, setPrompt] = useState('');
  const [uploading, setUploading] = useState(0);
  const run = useStudioRun('try_on');
  const rules = imageRulesOf('try_on');
  const busy = (value: boolean) => setUploading((n) => n + (value ? 1 : -1));

  const submit = () =>
    person &&
    garment &&
    void run.start({ images: [person.key, garment.key], prompt, params: { category } }, 1);

  return (
    <StudioFrame
      toolId="try_on"
      subtitle={t('studios.tryOn.intro')}
      count={1}
      busy={run.submitting || uploading > 0}
      disabled={!person || !garment}
      onSubmit={submit}
      results={
        <StudioResults
          task={run.task}
          groups={(task) =>
            pictureResults(task, () => t('studios.tryOn.result'), t('studios.tryOn.picture'))
          }
        />
      }
      form={
        <>
          <ImageInput
            label={t('studios.tryOn.person')}
            rules={rules}
            value={person}
            onChange={setPerson}
            onBusyChange={busy}
          />
          <ImageInput
            label={t('studios.tryOn.garment')}
            rules={rules}
            value={garment}
            onChange={setGarment}
            onBusyChange={busy}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="try-on-category">
              {t('studios.tryOn.category')}
            </Text>
            <SegmentedControl
              aria-labelledby="try-on-category"
              value={category}
              onChange={(value) => setCategory(value as TryOnCategory)}
              data={tryOnCategories.map((id) => ({
                value: id,
                label: t(`studios.tryOn.categories.${id}`),
              }))}
              fullWidth
            />
          </Stack>
          <TextInput
            label={t('studios.tryOn.prompt')}
            placeholder={t('studios.tryOn.promptPlaceholder')}
            value={prompt}
            maxLength={500}
            onChange={(event) => setPrompt(event.currentTarget.value)}
          />
        </>
      }
    />
  );
}

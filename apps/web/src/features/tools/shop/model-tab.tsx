import { shopCategories, type ShopCategory } from '@lumen/contracts/ecommerce';
import type { TaskResult } from '@lumen/contracts/tasks';
import { shopModelKinds, shopModelPoses } from '@lumen/contracts/tools/product-on-model';
import { Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { taskImageRules } from '../../generate/upload-image';
import { StudioFrame } from '../studios/studio-frame';
import { StudioResults, type ResultGroup } from '../studios/studio-results';
import { useStudioRun } from '../studios/use-studio-run';

interface ModelParams {
  model: (typeof shopModelKinds)[number];
  pose: (typeof shopModelPoses)[number];
}

/** The model images tab: one product photo, who shows it and how → product_on_model. */
export function ModelTab() {
  const { t } = useTranslation();
  const run = useStudioRun('product_on_model');
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [category, setCategory] = useState<ShopCategory>('fashion');
  const [model, setModel] = useState<ModelParams['model']>('woman');
  const [pose, setPose] = useState<ModelParams['pose']>('hold');
  const [uploading, setUploading] = useState(0);
  const [needsPhoto, setNeedsPhoto] = useState(false);

  const submit = () => {
    if (!photo) {
      setNeedsPhoto(true);
      return;
    }
    void run.start({ images: [photo.key], prompt: '', params: { category, model, pose } }, 1);
  };

  const groups = (task: TaskResult): ResultGroup[] =>
    task.sub_task_results.map((output) => ({
      title: t('shop.model.result'),
      parts: [{ label: t('shop.model.result'), output }],
      downloads: [{ label: t('shop.model.result'), output }],
    }));

  return (
    <StudioFrame
      toolId="product_on_model"
      titleOrder={2}
      subtitle={t('shop.model.subtitle')}
      count={1}
      busy={run.submitting || uploading > 0}
      onSubmit={submit}
      results={<StudioResults task={run.task} groups={groups} />}
      form={
        <>
          <ImageInput
            label={t('shop.model.photo')}
            rules={taskImageRules}
            value={photo}
            onChange={(value) => {
              setPhoto(value);
              setNeedsPhoto(false);
            }}
            onBusyChange={(value) => setUploading((n) => n + (value ? 1 : -1))}
          />
          {needsPhoto ? (
            <Text size="sm" c="red" role="alert">
              {t('shop.model.needsPhoto')}
            </Text>
          ) : null}
          <Select
            label={t('shop.category')}
            value={category}
            allowDeselect={false}
            data={shopCategories.map((c) => ({ value: c, label: t(`shop.categories.${c}`) }))}
            onChange={(value) => value && setCategory(value as ShopCategory)}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('shop.model.person')}
            </Text>
            <SegmentedControl
              aria-label={t('shop.model.person')}
              value={model}
              onChange={(value) => setModel(value as ModelParams['model'])}
              data={shopModelKinds.map((k) => ({ value: k, label: t(`shop.model.people.${k}`) }))}
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('shop.model.pose')}
            </Text>
            <SegmentedControl
              aria-label={t('shop.model.pose')}
              value={pose}
              onChange={(value) => setPose(value as ModelParams['pose'])}
              data={shopModelPoses.map((p) => ({ value: p, label: t(`shop.model.poses.${p}`) }))}
            />
          </Stack>
        </>
      }
    />
  );
}

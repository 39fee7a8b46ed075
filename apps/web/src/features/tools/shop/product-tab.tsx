import {
  shopCategories,
  shopRatios,
  type ShopCategory,
  type ShopRatio,
  type ShopTemplate,
} from '@lumen/contracts/ecommerce';
import type { TaskResult } from '@lumen/contracts/tasks';
import {
  SHOP_POINT_MAX,
  SHOP_POINTS_MAX,
  SHOP_PRICE_MAX,
  SHOP_TITLE_MAX,
} from '@lumen/contracts/tools/product-shot';
import { Chip, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { taskImageRules } from '../../generate/upload-image';
import { StudioFrame } from '../studios/studio-frame';
import { StudioResults, type ResultGroup } from '../studios/studio-results';
import { useStudioRun } from '../studios/use-studio-run';
import { sizeIsComplete, type ProductSize } from './shop-rules';
import { SizeFields } from './size-fields';
import { TemplateSwatch } from './template-swatch';

const PHOTOS_MAX = 3;

/** The product images tab: photos, the product's real size, a template, shapes and text. */
export function ProductTab({ templates }: { templates: ShopTemplate[] }) {
  const { t } = useTranslation();
  const run = useStudioRun('product_shot');
  const [photos, setPhotos] = useState<(PickedImage | null)[]>([null]);
  const [size, setSize] = useState<ProductSize>({ length: '', width: '', height: '' });
  const [touched, setTouched] = useState<Record<keyof ProductSize, boolean>>({
    length: false,
    width: false,
    height: false,
  });
  const [category, setCategory] = useState<ShopCategory>('general');
  const [templateId, setTemplateId] = useState<string>('starter-studio');
  const [shapes, setShapes] = useState<ShopRatio[]>([...shopRatios]);
  const [title, setTitle] = useState('');
  const [points, setPoints] = useState('');
  const [price, setPrice] = useState('');
  const [uploading, setUploading] = useState(0);
  const [needsPhoto, setNeedsPhoto] = useState(false);
  // The shapes of the last run, in the order its pictures come back (that of shopRatios).
  const [sent, setSent] = useState<ShopRatio[]>([]);

  const template = templates.find((item) => item.id === templateId) ?? null;
  const picked = photos.filter((p): p is PickedImage => p !== null);

  const submit = () => {
    setTouched({ length: true, width: true, height: true });
    const badSize = !sizeIsComplete(size);
    if (picked.length === 0) setNeedsPhoto(true);
    if (picked.length === 0 || badSize || shapes.length === 0) return;
    const lines = points
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, SHOP_POINTS_MAX);
    const ordered = shopRatios.filter((ratio) => shapes.includes(ratio));
    setSent(ordered);
    void run.start(
      {
        images: picked.map((p) => p.key),
        prompt: '',
        params: {
          length_cm: Number(size.length),
          width_cm: Number(size.width),
          height_cm: Number(size.height),
          category,
          ...(template ? { template: template.id } : {}),
          sizes: ordered,
          title: title.trim(),
          points: lines.map((line) => line.slice(0, SHOP_POINT_MAX)),
          price: price.trim(),
        },
      },
      shapes.length,
    );
  };

  const groups = (task: TaskResult): ResultGroup[] => {
    const outputs = task.sub_task_results;
    if (outputs.length === 0) return [];
    return [
      {
        title: t('shop.product.result'),
        parts: outputs.map((output, index) => ({
          label: t('shop.product.shape', { ratio: sent[index] ?? index + 1 }),
          output,
        })),
        downloads: outputs.map((output, index) => ({
          label: String(sent[index] ?? index + 1),
          output,
        })),
      },
    ];
  };

  const busy = (value: boolean) => setUploading((n) => n + (value ? 1 : -1));
  const starters = templates.filter((item) => item.builtin);
  const mine = templates.filter((item) => !item.builtin);
  const option = (item: ShopTemplate) => ({ value: item.id, label: item.name });

  return (
    <StudioFrame
      toolId="product_shot"
      titleOrder={2}
      subtitle={t('shop.product.subtitle')}
      count={shapes.length}
      busy={run.submitting || uploading > 0}
      onSubmit={submit}
      results={<StudioResults task={run.task} groups={groups} />}
      form={
        <>
          {photos.map((photo, index) => (
            <ImageInput
              key={index}
              label={t('shop.product.photo', { number: index + 1 })}
              {...(index === 0 ? { hint: t('shop.product.photoHint') } : {})}
              rules={taskImageRules}
              value={photo}
              onChange={(value) => {
                setNeedsPhoto(false);
                setPhotos((list) => {
                  const next = list.map((p, i) => (i === index ? value : p));
                  const filled = next.filter((p) => p !== null);
                  // One empty slot stays open after the chosen photos, up to the limit.
                  return filled.length < PHOTOS_MAX ? [...filled, null] : filled;
                });
              }}
              onBusyChange={busy}
            />
          ))}
          {needsPhoto ? (
            <Text size="sm" c="red" role="alert">
              {t('shop.product.needsPhoto')}
            </Text>
          ) : null}
          <SizeFields
            label={t('shop.product.size')}
            value={size}
            showError={(side) => touched[side]}
            onChange={(side, value) => {
              setSize((s) => ({ ...s, [side]: value }));
              setTouched((s) => ({ ...s, [side]: true }));
            }}
          />
          <Select
            label={t('shop.category')}
            value={category}
            allowDeselect={false}
            data={shopCategories.map((c) => ({ value: c, label: t(`shop.categories.${c}`) }))}
            onChange={(value) => value && setCategory(value as ShopCategory)}
          />
          <Select
            label={t('shop.product.template')}
            value={templateId}
            allowDeselect={false}
            data={[
              { group: t('shop.product.starters'), items: starters.map(option) },
              ...(mine.length > 0
                ? [{ group: t('shop.product.mine'), items: mine.map(option) }]
                : []),
            ]}
            leftSection={template ? <TemplateSwatch template={template} size={16} /> : null}
            renderOption={({ option: item }) => {
              const found = templates.find((x) => x.id === item.value);
              return (
                <Group gap={8} wrap="nowrap">
                  {found ? <TemplateSwatch template={found} size={16} /> : null}
                  <Text size="sm">{item.label}</Text>
                </Group>
              );
            }}
            onChange={(value) => value && setTemplateId(value)}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="shop-shapes-label">
              {t('shop.product.shapes')}
            </Text>
            <Chip.Group
              multiple
              value={shapes}
              onChange={(value) => setShapes(value as ShopRatio[])}
            >
              <Group gap={6} aria-labelledby="shop-shapes-label">
                {shopRatios.map((ratio) => (
                  <Chip key={ratio} value={ratio} size="sm" variant="light">
                    {ratio}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {shapes.length === 0 ? (
              <Text size="xs" c="red">
                {t('shop.product.needsShape')}
              </Text>
            ) : null}
          </Stack>
          <TextInput
            label={t('shop.product.textTitle')}
            value={title}
            maxLength={SHOP_TITLE_MAX}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label={t('shop.product.points', { count: SHOP_POINTS_MAX })}
            value={points}
            autosize
            minRows={2}
            maxRows={SHOP_POINTS_MAX}
            onChange={(event) => setPoints(event.currentTarget.value)}
          />
          <TextInput
            label={t('shop.product.price')}
            value={price}
            maxLength={SHOP_PRICE_MAX}
            onChange={(event) => setPrice(event.currentTarget.value)}
          />
        </>
      }
    />
  );
}

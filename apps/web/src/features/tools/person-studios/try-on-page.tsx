import { imageRulesOf } from '@lumen/contracts/tools';
import { tryOnCategories, type TryOnCategory } from '@lumen/contracts/tools/try-on';
import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { toolCost } from '../tool-catalogue';
import { StudioResults } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';
import classes from './studio.module.css';

/** The try-on studio (`/studio/try-on`): a person, a garment, its kind, and the result. */
export function TryOnPage() {
  const { t } = useTranslation();
  useSectionTexts(studiosTexts);
  const [person, setPerson] = useState<PickedImage | null>(null);
  const [garment, setGarment] = useState<PickedImage | null>(null);
  const [category, setCategory] = useState<TryOnCategory>('top');
  const [prompt, setPrompt] = useState('');
  const run = useStudioRun('try_on');
  const rules = imageRulesOf('try_on');

  const submit = () =>
    person &&
    garment &&
    void run.start({ images: [person.key, garment.key], prompt, params: { category } }, 1);

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('personStudios.tryOn.title')}
        </Title>
        <Text c="dimmed">{t('personStudios.tryOn.intro')}</Text>
      </Stack>
      <div className={classes.layout}>
        <Card withBorder radius="md" p="md">
          <Stack gap="md">
            <ImageInput
              label={t('personStudios.tryOn.person')}
              rules={rules}
              value={person}
              onChange={setPerson}
            />
            <ImageInput
              label={t('personStudios.tryOn.garment')}
              rules={rules}
              value={garment}
              onChange={setGarment}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="try-on-category">
                {t('personStudios.tryOn.category')}
              </Text>
              <SegmentedControl
                aria-labelledby="try-on-category"
                value={category}
                onChange={(value) => setCategory(value as TryOnCategory)}
                data={tryOnCategories.map((id) => ({
                  value: id,
                  label: t(`personStudios.tryOn.categories.${id}`),
                }))}
                fullWidth
              />
            </Stack>
            <TextInput
              label={t('personStudios.tryOn.prompt')}
              placeholder={t('personStudios.tryOn.promptPlaceholder')}
              value={prompt}
              maxLength={500}
              onChange={(event) => setPrompt(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('personStudios.cost', { count: toolCost('try_on') })}
              </Text>
              <Button onClick={submit} disabled={!person || !garment} loading={run.submitting}>
                {t('personStudios.generate')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="md">
          <StudioResults task={run.task} />
        </Card>
      </div>
    </Stack>
  );
}

import {
  portraitModelStyles,
  portraitStyles,
  type PortraitStyle,
} from '@lumen/contracts/tools/portrait';
import { imageRulesOf } from '@lumen/contracts/tools';
import {
  Alert,
  Badge,
  Button,
  Card,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Group,
} from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { toolCost } from '../tool-catalogue';
import { useFaceCheck } from './face-check';
import { StudioResults } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';
import classes from './studio.module.css';

/**
 * What each style's sample looks like, drawn from the user's own photo with CSS filters over
 * the style's backdrop colours, so the picker shows the look before anything is spent.
 */
const samples: Record<PortraitStyle, { background: string; filter: string }> = {
  headshot: { background: 'radial-gradient(#b4b6b9, #56595e)', filter: 'contrast(0.95)' },
  studio: { background: 'radial-gradient(#3a8fa0, #18464f)', filter: 'contrast(1.1)' },
  anime: { background: 'linear-gradient(#f9ecf2, #96c4f0)', filter: 'saturate(1.6) contrast(1.3)' },
  oil_painting: {
    background: 'radial-gradient(#7a6848, #2c281e)',
    filter: 'saturate(1.2) sepia(0.25)',
  },
  cyberpunk: {
    background: 'linear-gradient(90deg, #c0208c, #101040, #18c8e0)',
    filter: 'hue-rotate(-20deg) saturate(1.4)',
  },
  vintage: { background: 'radial-gradient(#d6c8b0, #96846a)', filter: 'sepia(0.9) contrast(0.9)' },
  watercolour: {
    background: 'radial-gradient(#fcfaf4, #e2e8ec)',
    filter: 'saturate(0.8) brightness(1.15)',
  },
  pixar: {
    background: 'radial-gradient(#ffe0aa, #78aadc)',
    filter: 'saturate(1.4) brightness(1.05)',
  },
  fantasy: { background: 'radial-gradient(#ecbe78, #281446)', filter: 'saturate(1.3)' },
};

const ratios = ['3:4', '1:1', '2:3'] as const;

/** The portrait studio (`/studio/portrait`): a face photo, a style, how many, and the results. */
export function PortraitPage() {
  const { t } = useTranslation();
  useSectionTexts(studiosTexts);
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [style, setStyle] = useState<PortraitStyle>('headshot');
  const [count, setCount] = useState('1');
  const [ratio, setRatio] = useState<string>('3:4');
  const [prompt, setPrompt] = useState('');
  const faces = useFaceCheck(photo?.key ?? null);
  const run = useStudioRun('portrait');
  const faceCount = faces.data?.faces;
  const ready = photo !== null && faceCount === 1;

  const submit = () =>
    photo &&
    void run.start(
      {
        images: [photo.key],
        prompt,
        params: { style, batch_size: Number(count), wh_ratio: ratio },
      },
      Number(count),
    );

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'lg' }} maw={1200} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('personStudios.portrait.title')}
        </Title>
        <Text c="dimmed">{t('personStudios.portrait.intro')}</Text>
      </Stack>
      <div className={classes.layout}>
        <Card withBorder radius="md" p="md">
          <Stack gap="md">
            <ImageInput
              label={t('personStudios.portrait.photo')}
              rules={imageRulesOf('portrait')}
              value={photo}
              onChange={setPhoto}
            />
            {photo ? (
              faces.isFetching ? (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm">{t('personStudios.portrait.checking')}</Text>
                </Group>
              ) : faceCount === 1 ? (
                <Alert color="green" p="xs">
                  {t('personStudios.portrait.oneFace')}
                </Alert>
              ) : faceCount !== undefined ? (
                <Alert color="red" p="xs" role="alert">
                  {faceCount === 0
                    ? t('personStudios.portrait.noFace')
                    : t('personStudios.portrait.manyFaces', { count: faceCount })}
                </Alert>
              ) : null
            ) : null}
            <Stack gap={6}>
              <Text size="sm" fw={500} id="portrait-style">
                {t('personStudios.portrait.style')}
              </Text>
              <div className={classes.styles} role="radiogroup" aria-labelledby="portrait-style">
                {portraitStyles.map((id) => {
                  const sample = samples[id];
                  const swatch: CSSProperties = photo
                    ? {
                        backgroundImage: `url(${photo.previewUrl}), ${sample.background}`,
                        filter: sample.filter,
                      }
                    : { background: sample.background };
                  return (
                    <button
                      key={id}
                      type="button"
                      role="radio"
                      aria-checked={style === id}
                      className={classes.style}
                      onClick={() => setStyle(id)}
                    >
                      <span className={classes.swatch} style={swatch} />
                      {portraitModelStyles.has(id) ? (
                        <Badge size="xs" variant="light" className={classes.badge}>
                          {t('personStudios.portrait.needsModel')}
                        </Badge>
                      ) : null}
                      <Text size="xs" lineClamp={1}>
                        {t(`personStudios.portrait.styles.${id}`)}
                      </Text>
                    </button>
                  );
                })}
              </div>
            </Stack>
            <Group grow align="flex-start">
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('personStudios.portrait.count')}
                </Text>
                <SegmentedControl value={count} onChange={setCount} data={['1', '2', '4']} />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('personStudios.portrait.ratio')}
                </Text>
                <SegmentedControl value={ratio} onChange={setRatio} data={[...ratios]} />
              </Stack>
            </Group>
            <TextInput
              label={t('personStudios.portrait.prompt')}
              placeholder={t('personStudios.portrait.promptPlaceholder')}
              value={prompt}
              maxLength={500}
              onChange={(event) => setPrompt(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                {t('personStudios.cost', { count: toolCost('portrait') * Number(count) })}
              </Text>
              <Button onClick={submit} disabled={!ready} loading={run.submitting}>
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

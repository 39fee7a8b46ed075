import {
  portraitModelStyles,
  portraitStyles,
  type PortraitStyle,
} from '@lumen/contracts/tools/portrait';
import { imageRulesOf } from '@lumen/contracts/tools';
import {
  Alert,
  Badge,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import { ImageInput, type PickedImage } from '../../generate/components/image-input';
import { useFaceCheck } from './face-check';
import { StudioFrame } from './studio-frame';
import { pictureResults } from './picture-results';
import { StudioResults } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';
import classes from './portrait-styles.module.css';

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

/** `/studio/portrait`: a face photo, a style, how many, and the results. */
export function PortraitPage() {
  const ready = useSectionTexts(studiosTexts);
  if (!ready) return <PageLoader />;
  return <PortraitStudio />;
}

function PortraitStudio() {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<PickedImage | null>(null);
  const [style, setStyle] = useState<PortraitStyle>('headshot');
  const [count, setCount] = useState(1);
  const [ratio, setRatio] = useState<string>('3:4');
  const [prompt, setPrompt] = useState('');
  const [uploading, setUploading] = useState(false);
  const faces = useFaceCheck(photo?.key ?? null);
  const run = useStudioRun('portrait');
  const faceCount = faces.data?.faces;

  const submit = () =>
    photo &&
    void run.start(
      { images: [photo.key], prompt, params: { style, batch_size: count, wh_ratio: ratio } },
      count,
    );

  return (
    <StudioFrame
      toolId="portrait"
      subtitle={t('studios.portrait.intro')}
      count={count}
      onCount={setCount}
      busy={run.submitting || uploading}
      disabled={photo === null || faceCount !== 1}
      onSubmit={submit}
      results={
        <StudioResults
          task={run.task}
          groups={(task) =>
            pictureResults(
              task,
              (number) => t('studios.portrait.result', { number }),
              t('studios.portrait.picture'),
            )
          }
        />
      }
      form={
        <>
          <ImageInput
            label={t('studios.portrait.photo')}
            rules={imageRulesOf('portrait')}
            value={photo}
            onChange={setPhoto}
            onBusyChange={setUploading}
          />
          {photo ? (
            faces.isFetching ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">{t('studios.portrait.checking')}</Text>
              </Group>
            ) : faceCount === 1 ? (
              <Alert color="green" p="xs">
                {t('studios.portrait.oneFace')}
              </Alert>
            ) : faceCount !== undefined ? (
              <Alert color="red" p="xs" role="alert">
                {faceCount === 0
                  ? t('studios.portrait.noFace')
                  : t('studios.portrait.manyFaces', { count: faceCount })}
              </Alert>
            ) : null
          ) : null}
          <Stack gap={6}>
            <Text size="sm" fw={500} id="portrait-style">
              {t('studios.portrait.style')}
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
                        {t('studios.portrait.needsModel')}
                      </Badge>
                    ) : null}
                    <Text size="xs" lineClamp={1}>
                      {t(`studios.portrait.styles.${id}`)}
                    </Text>
                  </button>
                );
              })}
            </div>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('studios.portrait.ratio')}
            </Text>
            <SegmentedControl value={ratio} onChange={setRatio} data={[...ratios]} />
          </Stack>
          <TextInput
            label={t('studios.portrait.prompt')}
            placeholder={t('studios.portrait.promptPlaceholder')}
            value={prompt}
            maxLength={500}
            onChange={(event) => setPrompt(event.currentTarget.value)}
          />
        </>
      }
    />
  );
}

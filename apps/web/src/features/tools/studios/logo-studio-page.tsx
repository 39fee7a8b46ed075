import {
  logoStyles,
  LOGO_BRAND_MAX_LENGTH,
  LOGO_INDUSTRY_MAX_LENGTH,
  LOGO_MAX_COLOURS,
  LOGO_SLOGAN_MAX_LENGTH,
  type LogoStyle,
} from '@lumen/contracts/tools/logo';
import type { TaskResult } from '@lumen/contracts/tasks';
import { ActionIcon, Button, Chip, ColorInput, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSectionTexts } from '../../../shared/i18n/section-texts';
import { PageLoader } from '../../../shared/ui/page-loader';
import { StudioFrame } from './studio-frame';
import { StudioResults, type ResultGroup } from './studio-results';
import { studiosTexts } from './studios-texts';
import { useStudioRun } from './use-studio-run';

/** `/studio/logo`: the logo studio. */
export function LogoStudioPage() {
  const ready = useSectionTexts(studiosTexts);
  if (!ready) return <PageLoader />;
  return <LogoStudio />;
}

function LogoStudio() {
  const { t } = useTranslation();
  const run = useStudioRun('logo');
  const [brand, setBrand] = useState('');
  const [slogan, setSlogan] = useState('');
  const [industry, setIndustry] = useState('');
  const [idea, setIdea] = useState('');
  const [style, setStyle] = useState<LogoStyle>('minimal');
  const [colours, setColours] = useState<string[]>([]);
  const [count, setCount] = useState(2);
  const [brandError, setBrandError] = useState<string | null>(null);

  const submit = () => {
    if (!brand.trim()) {
      setBrandError(t('studios.logo.brandRequired'));
      return;
    }
    const colors = colours.filter((c) => /^#[0-9a-f]{6}$/i.test(c));
    void run.start(
      {
        images: [],
        prompt: idea.trim(),
        params: {
          brand: brand.trim(),
          ...(slogan.trim() ? { slogan: slogan.trim() } : {}),
          ...(industry.trim() ? { industry: industry.trim() } : {}),
          style,
          ...(colors.length > 0 ? { colors } : {}),
          batch_size: count,
        },
      },
      count,
    );
  };

  const groups = (task: TaskResult): ResultGroup[] => {
    const outputs = task.sub_task_results;
    const result: ResultGroup[] = [];
    for (let i = 0; i + 2 < outputs.length; i += 3) {
      const [svg, png, mockup] = [outputs[i]!, outputs[i + 1]!, outputs[i + 2]!];
      result.push({
        title: t('studios.logo.layout', { number: i / 3 + 1 }),
        parts: [
          { label: 'SVG', output: svg, transparent: true },
          { label: t('studios.logo.mockup'), output: mockup },
        ],
        downloads: [
          { label: t('studios.logo.downloadSvg'), output: svg },
          { label: t('studios.logo.downloadPng'), output: png },
        ],
      });
    }
    return result;
  };

  return (
    <StudioFrame
      toolId="logo"
      subtitle={t('studios.logo.subtitle')}
      count={count}
      onCount={setCount}
      busy={run.submitting}
      onSubmit={submit}
      results={<StudioResults task={run.task} groups={groups} />}
      form={
        <>
          <TextInput
            label={t('studios.logo.brand')}
            placeholder={t('studios.logo.brandPlaceholder')}
            value={brand}
            maxLength={LOGO_BRAND_MAX_LENGTH}
            required
            error={brandError}
            onChange={(event) => {
              setBrand(event.currentTarget.value);
              setBrandError(null);
            }}
          />
          <TextInput
            label={t('studios.logo.slogan')}
            placeholder={t('studios.logo.sloganPlaceholder')}
            value={slogan}
            maxLength={LOGO_SLOGAN_MAX_LENGTH}
            onChange={(event) => setSlogan(event.currentTarget.value)}
          />
          <TextInput
            label={t('studios.logo.industry')}
            placeholder={t('studios.logo.industryPlaceholder')}
            description={t('studios.logo.industryHint')}
            value={industry}
            maxLength={LOGO_INDUSTRY_MAX_LENGTH}
            onChange={(event) => setIndustry(event.currentTarget.value)}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="logo-style-label">
              {t('studios.logo.style')}
            </Text>
            <Chip.Group value={style} onChange={(value) => setStyle(value as LogoStyle)}>
              <Group gap={6} role="radiogroup" aria-labelledby="logo-style-label">
                {logoStyles.map((s) => (
                  <Chip key={s} value={s} size="sm" variant="light">
                    {t(`studios.logo.styles.${s}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('studios.logo.colours')}
            </Text>
            {colours.map((colour, index) => (
              <Group key={index} gap={6} wrap="nowrap">
                <ColorInput
                  flex={1}
                  format="hex"
                  value={colour}
                  aria-label={`${t('studios.logo.colours')} ${index + 1}`}
                  onChange={(value) =>
                    setColours((list) => list.map((c, i) => (i === index ? value : c)))
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('studios.logo.removeColour', { number: index + 1 })}
                  onClick={() => setColours((list) => list.filter((_, i) => i !== index))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
            {colours.length < LOGO_MAX_COLOURS ? (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  setColours((list) => [...list, list.length === 0 ? '#243b55' : '#f4a261'])
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t('studios.logo.addColour')}
              </Button>
            ) : null}
          </Stack>
          <TextInput
            label={t('studios.logo.idea')}
            value={idea}
            maxLength={200}
            onChange={(event) => setIdea(event.currentTarget.value)}
          />
        </>
      }
    />
  );
}

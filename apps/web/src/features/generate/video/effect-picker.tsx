import type { Language } from '@lumen/contracts/i18n';
import { Badge, Loader, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconSparkles, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage } from '../../../shared/i18n/i18n';
import { effectOf, useEffects, type EffectTemplate } from '../api/list-effects';
import classes from './video-studio.module.css';

interface EffectPickerProps {
  value: string | null;
  onChange: (effect: EffectTemplate) => void;
}

/** The effect templates (spec §3 effect video), the two-person ones marked. */
export function EffectPicker({ value, onChange }: EffectPickerProps) {
  const { t } = useTranslation();
  const effects = useEffects();
  const language: Language = getCurrentLanguage();
  if (effects.isPending) return <Loader size="sm" />;
  if (effects.isError) {
    return (
      <Text size="sm" c="red">
        {t('videoStudio.effect.error')}
      </Text>
    );
  }
  const templates = effects.data.map((item) => effectOf(item, language));
  return (
    <div role="radiogroup" aria-label={t('videoStudio.effect.label')}>
      <Text size="sm" fw={600} mb={6}>
        {t('videoStudio.effect.label')}
      </Text>
      <SimpleGrid cols={3} spacing={6}>
        {templates.map((effect) => (
          <UnstyledButton
            key={effect.key}
            role="radio"
            aria-checked={value === effect.key}
            className={classes.effect}
            data-active={value === effect.key || undefined}
            onClick={() => onChange(effect)}
          >
            {effect.cover ? (
              <img src={effect.cover} alt="" className={classes.effectCover} />
            ) : (
              <IconSparkles size={20} aria-hidden="true" />
            )}
            <Text size="xs" fw={600} ta="center" lineClamp={2}>
              {effect.name}
            </Text>
            {effect.images === 2 ? (
              <Badge size="xs" variant="light" leftSection={<IconUsers size={10} />}>
                {t('videoStudio.effect.twoPhotos')}
              </Badge>
            ) : null}
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </div>
  );
}

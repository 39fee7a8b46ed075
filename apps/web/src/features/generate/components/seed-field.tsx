import { Group, NumberInput, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The most a seed may be (the gateway's 32-bit range). */
const MAX_SEED = 2 ** 32 - 1;

interface SeedFieldProps {
  /** Null draws a random seed per generation (sent as -1). */
  value: number | null;
  onChange: (value: number | null) => void;
}

function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

/** Random seed, or a fixed one to get similar results again (spec §9 "seed reuse"). */
export function SeedField({ value, onChange }: SeedFieldProps) {
  const { t } = useTranslation();
  const random = value === null;
  return (
    <div>
      <Group justify="space-between" wrap="nowrap" mb={random ? 0 : 6}>
        <div>
          <Text size="sm" fw={600}>
            {t('generate.seed.label')}
          </Text>
          <Text size="xs" c="dimmed">
            {t(random ? 'generate.seed.randomHint' : 'generate.seed.fixedHint')}
          </Text>
        </div>
        <Switch
          checked={random}
          onChange={(event) => onChange(event.currentTarget.checked ? null : randomSeed())}
          label={t('generate.seed.random')}
          labelPosition="left"
        />
      </Group>
      {random ? null : (
        <NumberInput
          aria-label={t('generate.seed.value')}
          value={value}
          onChange={(next) => onChange(typeof next === 'number' ? next : 0)}
          min={0}
          max={MAX_SEED}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
        />
      )}
    </div>
  );
}

import { Group, Text, UnstyledButton } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LockBadge } from './gated-option';
import classes from './controls.module.css';

export interface ChipOption<T extends string | number> {
  value: T;
  label: ReactNode;
  /** Read out instead of `label` when the label is a picture or a bare number. */
  name?: string;
  /** The plan does not include it: choosing it asks to upgrade instead. */
  locked?: boolean;
}

interface OptionChipsProps<T extends string | number> {
  label: string;
  value: T;
  options: ChipOption<T>[];
  onChange: (value: T) => void;
  onLocked?: (value: T) => void;
  /** Chips per row; they wrap on narrow screens either way. */
  columns?: number;
}

/** A row of choice chips (radio group) where locked choices open the upgrade prompt. */
export function OptionChips<T extends string | number>({
  label,
  value,
  options,
  onChange,
  onLocked,
  columns,
}: OptionChipsProps<T>) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div>
      <Text id={labelId} size="sm" fw={600} mb={6}>
        {label}
      </Text>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className={classes.chips}
        style={columns ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : undefined}
      >
        {options.map((option) => {
          const name = option.name ?? String(option.label);
          return (
            <UnstyledButton
              key={option.value}
              role="radio"
              aria-checked={option.value === value}
              aria-label={option.locked ? t('generate.gating.lockedOption', { name }) : name}
              data-locked={option.locked || undefined}
              className={classes.chip}
              onClick={() => (option.locked ? onLocked?.(option.value) : onChange(option.value))}
            >
              <Group gap={4} wrap="nowrap" justify="center">
                {option.label}
                {option.locked ? <LockBadge compact /> : null}
              </Group>
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}

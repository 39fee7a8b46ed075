import { Slider, Text } from '@mantine/core';
import { useId } from 'react';

interface LabeledSliderProps {
  label: string;
  hint: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
}

/** A 0–1 setting shown as a percentage, with its label read out for the thumb. */
export function LabeledSlider({
  label,
  hint,
  value,
  onChange,
  min,
  max,
  step,
}: LabeledSliderProps) {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={600} id={labelId}>
        {label}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {hint}
      </Text>
      <Slider
        value={value}
        onChange={onChange}
        min={min}
        max={max}
        step={step}
        label={(v) => `${Math.round(v * 100)}%`}
        thumbProps={{ 'aria-labelledby': labelId }}
      />
    </div>
  );
}

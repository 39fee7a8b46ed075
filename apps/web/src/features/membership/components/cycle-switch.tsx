import type { BillCycle } from '@lumen/contracts/trade';
import { Badge, Group, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Monthly or yearly billing, with the yearly saving beside it (spec §9: 20%). */
export function CycleSwitch({
  value,
  onChange,
  saving,
  size = 'md',
}: {
  value: BillCycle;
  onChange: (cycle: BillCycle) => void;
  saving: number;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" justify="center">
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next === 'year' ? 'year' : 'month')}
        radius="xl"
        size={size}
        aria-label={t('membership.cycle.label')}
        data={[
          { value: 'month', label: t('membership.cycle.month') },
          { value: 'year', label: t('membership.cycle.year') },
        ]}
      />
      {saving > 0 ? (
        <Badge
          variant={value === 'year' ? 'gradient' : 'light'}
          color="teal"
          size={size === 'sm' ? 'sm' : 'md'}
          radius="sm"
        >
          {t('membership.cycle.save', { percent: saving })}
        </Badge>
      ) : null}
    </Group>
  );
}

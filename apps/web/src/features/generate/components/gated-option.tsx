import type { GatedFeature } from '@lumen/contracts/plans';
import { Badge, Group, Switch, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { promptUpgrade, useGating, type UpgradeReason } from '../gating';

/** The small lock shown next to a choice the plan does not include. */
export function LockBadge({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) return <IconLock size={12} stroke={2.2} aria-hidden="true" />;
  return (
    <Tooltip label={t('generate.gating.tooltip')} withArrow>
      <Badge
        size="xs"
        variant="light"
        color="yellow"
        leftSection={<IconLock size={10} stroke={2.4} aria-hidden="true" />}
      >
        {t('generate.gating.badge')}
      </Badge>
    </Tooltip>
  );
}

interface GatedSwitchProps {
  feature: GatedFeature;
  reason: UpgradeReason;
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off option the grade may not include (e.g. private generation, plus and above per
 * docs/decisions/0008-grade-gating.md). Locked, it stays off and pressing it asks to upgrade.
 */
export function GatedSwitch({
  feature,
  reason,
  label,
  description,
  checked,
  onChange,
}: GatedSwitchProps) {
  const locked = !useGating().allows(feature);
  return (
    <Switch
      checked={checked && !locked}
      onChange={(event) => {
        if (locked) promptUpgrade(reason);
        else onChange(event.currentTarget.checked);
      }}
      aria-label={label}
      label={
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} span>
            {label}
          </Text>
          {locked ? <LockBadge /> : null}
        </Group>
      }
      description={description}
      labelPosition="left"
      styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
    />
  );
}

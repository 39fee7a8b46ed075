import { Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LockBadge, promptUpgrade, useGating } from './gated-option';

/**
 * Private generation: plus and above (docs/decisions/0008-grade-gating.md). Below that the
 * switch stays off and pressing it asks to upgrade.
 */
export function PrivateSwitch({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const locked = !useGating().allows('private');
  return (
    <Switch
      checked={value && !locked}
      onChange={(event) => {
        if (locked) promptUpgrade('feature');
        else onChange(event.currentTarget.checked);
      }}
      label={
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} span>
            {t('generate.settings.private')}
          </Text>
          {locked ? <LockBadge /> : null}
        </Group>
      }
      description={t('generate.settings.privateHint')}
      labelPosition="left"
      styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
    />
  );
}

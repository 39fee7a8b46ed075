import { useTranslation } from 'react-i18next';
import { PrivateSwitch } from './private-switch';
import { SeedField } from './seed-field';
import { SettingsSection } from './studio-shell';

type AdvancedSettingsProps = {
  seed: number | null;
  onSeedChange: (seed: number | null) => void;
  isPrivate: boolean;
  onPrivateChange: (value: boolean) => void;
};

/** The settings every studio ends with: seed and private generation. */
export function AdvancedSettings({
  seed,
  onSeedChange,
  isPrivate,
  onPrivateChange,
}: AdvancedSettingsProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('generate.settings.advanced')}>
      <SeedField value={seed} onChange={onSeedChange} />
      <PrivateSwitch value={isPrivate} onChange={onPrivateChange} />
    </SettingsSection>
  );
}

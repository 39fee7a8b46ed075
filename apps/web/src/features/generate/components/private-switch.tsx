import { useTranslation } from 'react-i18next';
import { GatedSwitch } from './gated-option';

/** Private generation: the prompt and results are the user's alone (plus and above). */
export function PrivateSwitch({
  value,
  onChange,
}: {
  value: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <GatedSwitch
      feature="private"
      reason="feature"
      label={t('generate.settings.private')}
      description={t('generate.settings.privateHint')}
      checked={value}
      onChange={onChange}
    />
  );
}

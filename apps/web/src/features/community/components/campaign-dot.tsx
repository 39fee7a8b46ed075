import { useTranslation } from 'react-i18next';
import { useCampaignDot } from '../api/campaigns';

/** Spec §4: a dot beside Campaigns while the campaign total exceeds the count last seen. */
export function CampaignDot() {
  const { t } = useTranslation();
  const dot = useCampaignDot();
  if (!dot.data) return null;
  return (
    <span
      role="status"
      aria-label={t('community.campaigns.newDot')}
      title={t('community.campaigns.newDot')}
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: 999,
        background: 'var(--mantine-color-red-6)',
      }}
    />
  );
}

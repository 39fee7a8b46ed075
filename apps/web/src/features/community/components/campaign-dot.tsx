import { useTranslation } from 'react-i18next';
import { Dot } from '../../../shared/ui/dot';
import { useCampaignDot } from '../api/campaigns';

/** Spec §4: a dot beside Campaigns while the campaign total exceeds the count last seen. */
export function CampaignDot() {
  const { t } = useTranslation();
  const dot = useCampaignDot();
  if (!dot.data) return null;
  return <Dot label={t('community.campaigns.newDot')} />;
}

import type { Subscription } from '@lumen/contracts/trade';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../format-date';
import { planLabel } from '../plan-label';

/** Spec §4: a subscriber cancels first, then chooses a new plan once the period is over. */
export function SubscriberNote({
  subscription,
  onNavigate,
}: {
  subscription: Subscription;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = formatDate(subscription.current_period_end, i18n.language);
  const plan = planLabel(t, subscription.plan);
  return (
    <Alert variant="light" color="violet" radius="md" icon={<IconInfoCircle size={18} />}>
      <Text size="sm">
        {subscription.cancel_at_period_end
          ? t('membership.subscriber.cancelling', { plan, date })
          : t('membership.subscriber.active', { plan, date })}{' '}
        <Anchor component={Link} to="/member" size="sm" fw={600} onClick={onNavigate}>
          {t('membership.subscriber.manage')}
        </Anchor>
      </Text>
    </Alert>
  );
}

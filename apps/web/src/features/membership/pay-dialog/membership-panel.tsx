import type { BillCycle } from '@lumen/contracts/trade';
import { Anchor, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSkus } from '../api/list-skus';
import { blocksNewPlan, planOffers } from '../catalogue';
import { CycleSwitch } from '../components/cycle-switch';
import { PlanOfferCard } from '../components/plan-offer-card';
import { SubscriberNote } from '../components/subscriber-note';
import { TrialOffer } from '../components/trial-offer';
import { savingPercent } from '../money';
import type { MembershipState } from '../use-membership';

/** The paid plans side by side at the chosen cycle; the running plan is marked, not offered. */
export function MembershipPanel({
  membership,
  onNavigate,
}: {
  membership: MembershipState;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const [cycle, setCycle] = useState<BillCycle>('month');
  const skus = useSkus();
  const offers = planOffers(skus.data ?? []);
  const saving = Math.max(0, ...offers.map((o) => (o.year ? savingPercent(o.year) : 0)));
  const { subscription } = membership;
  return (
    <Stack gap="md">
      {membership.trialOffered && membership.trial ? (
        <TrialOffer trial={membership.trial} onOpen={onNavigate} />
      ) : null}
      {subscription && blocksNewPlan(subscription) ? (
        <SubscriberNote subscription={subscription} onNavigate={onNavigate} />
      ) : null}
      <Group justify="space-between" gap="xs">
        <CycleSwitch value={cycle} onChange={setCycle} saving={saving} size="sm" />
        <Anchor component={Link} to="/pay" size="sm" fw={600} onClick={onNavigate}>
          {t('payDialog.compareAll')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {skus.isPending
          ? [1, 2, 3].map((i) => <Skeleton key={i} h={360} radius="lg" />)
          : offers.map((offer) => (
              <PlanOfferCard
                key={offer.key}
                offer={offer}
                cycle={cycle}
                signedIn={membership.signedIn}
                subscription={subscription}
                compact
              />
            ))}
      </SimpleGrid>
    </Stack>
  );
}

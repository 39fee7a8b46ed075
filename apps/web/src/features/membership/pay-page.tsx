import type { BillCycle } from '@lumen/contracts/trade';
import {
  Alert,
  Button,
  Center,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkus } from './api/list-skus';
import { blocksNewPlan, planOffers, topupPacks } from './catalogue';
import { CycleSwitch } from './components/cycle-switch';
import { DiscountNote } from './components/discount-note';
import { FreePlanCard } from './components/free-plan-card';
import { PerksComparison } from './components/perks-comparison';
import { PlanOfferCard } from './components/plan-offer-card';
import { SubscriberNote } from './components/subscriber-note';
import { TopupPackCard } from './components/topup-pack-card';
import { TrialOffer } from './components/trial-offer';
import { savingPercent } from './money';
import { creditCosts } from './plans';
import { useMembership } from './use-membership';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {title}
        </Title>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** Spec §2 /pay: plan comparison and upgrade, credit packs, and what credits buy. */
export function PayPage() {
  const { t } = useTranslation();
  const [cycle, setCycle] = useState<BillCycle>('month');
  const skus = useSkus();
  const membership = useMembership();
  const offers = planOffers(skus.data ?? []);
  const packs = topupPacks(skus.data ?? []);
  const saving = Math.max(0, ...offers.map((o) => (o.year ? savingPercent(o.year) : 0)));
  const subscription = membership.subscription;

  return (
    <Stack gap={40} maw={1200} mx="auto" pb="xl">
      <Stack gap="md" align="center" ta="center">
        <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
          {t('pay.title')}
        </Title>
        <Text c="dimmed" maw={620}>
          {t('pay.subtitle')}
        </Text>
        <CycleSwitch value={cycle} onChange={setCycle} saving={saving} />
      </Stack>

      <Stack gap="md">
        {subscription && blocksNewPlan(subscription) ? (
          <SubscriberNote subscription={subscription} />
        ) : null}
        {membership.trialOffered && membership.trial ? (
          <TrialOffer trial={membership.trial} />
        ) : null}
        {membership.signedIn ? (
          <DiscountNote fiftyDiscount={membership.trial?.fiftyDiscount ?? 0} />
        ) : null}

        {skus.isError ? (
          <Alert color="red" variant="light" radius="md" title={t('membership.loadError')}>
            <Button
              variant="light"
              color="red"
              size="xs"
              mt="xs"
              onClick={() => void skus.refetch()}
            >
              {t('membership.retry')}
            </Button>
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
            <FreePlanCard signedIn={membership.signedIn} grade={membership.account?.grade} />
            {skus.isPending
              ? [1, 2, 3].map((i) => <Skeleton key={i} h={520} radius="lg" />)
              : offers.map((offer) => (
                  <PlanOfferCard
                    key={offer.key}
                    offer={offer}
                    cycle={cycle}
                    signedIn={membership.signedIn}
                    subscription={subscription}
                  />
                ))}
          </SimpleGrid>
        )}
        <Center>
          <Text size="xs" c="dimmed" ta="center" maw={720}>
            <IconLock size={12} style={{ verticalAlign: -1, marginRight: 4 }} />
            {t('membership.terms')}
          </Text>
        </Center>
      </Stack>

      <Section title={t('membership.compare.title')} hint={t('membership.compare.hint')}>
        <PerksComparison skus={skus.data ?? []} currentGrade={membership.account?.grade} />
      </Section>

      {packs.length > 0 ? (
        <Section title={t('membership.packs.title')} hint={t('membership.packs.hint')}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {packs.map((sku, i) => (
              <TopupPackCard
                key={sku.sku_id}
                sku={sku}
                signedIn={membership.signedIn}
                best={i === packs.length - 1}
              />
            ))}
          </SimpleGrid>
        </Section>
      ) : null}

      <Section title={t('pay.costsTitle')} hint={t('pay.validity')}>
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pay.costsAction')}</Table.Th>
                <Table.Th ta="right">{t('pay.costsCredits')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {creditCosts.map((cost) => (
                <Table.Tr key={cost.key}>
                  <Table.Td>{t(`pay.costs.${cost.key}`)}</Table.Td>
                  <Table.Td ta="right">{cost.credits}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
    </Stack>
  );
}

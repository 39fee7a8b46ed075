import { Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../../shared/session/account-info';
import { CreditBucketsCard } from '../components/credit-buckets-card';
import { GenerationCounters } from '../components/generation-counters';
import { PerksTable } from '../components/perks-table';
import { PlanCard } from '../components/plan-card';
import { PlanHistory } from '../components/plan-history';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 18, sm: 22 }}>
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

/**
 * Spec §2 member centre: plan, credits by bucket, today's use, plan history and the perks. The
 * app shell slots in the membership feature's subscription block and payment history.
 */
export function MemberPage({
  membership,
  payments,
}: {
  membership?: ReactNode;
  payments?: ReactNode;
}) {
  const { t } = useTranslation();
  const account = useAccountInfo();
  return (
    <Stack gap="xl" maw={1100} mx="auto" pb="xl">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('member.title')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlanCard account={account.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CreditBucketsCard account={account.data} />
        </Grid.Col>
      </Grid>
      {membership}
      <Section title={t('member.counters.title')} hint={t('member.counters.hint')}>
        <GenerationCounters />
      </Section>
      <Section title={t('member.perks.title')} hint={t('member.perks.hint')}>
        <PerksTable currentGrade={account.data?.grade} />
      </Section>
      <Section title={t('member.history.title')}>
        <PlanHistory />
      </Section>
      {payments}
    </Stack>
  );
}

import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { creditCosts } from '../plans';
import { CheckoutNote } from './checkout-note';

/** Balance, what credits buy, and where the rules are; packs arrive with payments. */
interface CreditsPanelProps {
  /** null while loading; undefined for a visitor, who has none. */
  balance?: number | null;
  onNavigate: () => void;
}

export function CreditsPanel({ balance, onNavigate }: CreditsPanelProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="md">
      {balance === undefined ? null : (
        <Card withBorder radius="lg" padding="md" bg="var(--mantine-color-default-hover)">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="gradient">
              <IconCoins size={24} />
            </ThemeIcon>
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('payDialog.balance')}
              </Text>
              {balance === null ? (
                <Skeleton h={28} w={90} />
              ) : (
                <Text fz={26} fw={800} lh={1.2}>
                  {t('payDialog.balanceValue', {
                    count: balance,
                    formatted: number.format(balance),
                  })}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      )}

      <Stack gap={6}>
        <Text fw={600} size="sm">
          {t('payDialog.costsTitle')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {creditCosts.map((cost) => (
            <Card key={cost.key} withBorder radius="md" padding="xs">
              <Text size="xs" c="dimmed">
                {t(`pay.costs.${cost.key}`)}
              </Text>
              <Text fw={700}>{t('payDialog.creditsShort', { count: cost.credits })}</Text>
            </Card>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('pay.validity')}{' '}
          <Anchor component={Link} to="/credit-policy" size="xs" onClick={onNavigate}>
            {t('payDialog.creditPolicy')}
          </Anchor>
        </Text>
      </Stack>
      <CheckoutNote onNavigate={onNavigate} />
    </Stack>
  );
}

import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSkus } from '../api/list-skus';
import { topupPacks } from '../catalogue';
import { TopupPackCard } from '../components/topup-pack-card';
import { creditCosts } from '../plans';

/** Balance, the top-up packs, what credits buy, and where the rules are. */
interface CreditsPanelProps {
  /** null while loading; undefined for a visitor, who has none. */
  balance?: number | null;
  signedIn: boolean;
  onNavigate: () => void;
}

export function CreditsPanel({ balance, signedIn, onNavigate }: CreditsPanelProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const skus = useSkus();
  const packs = topupPacks(skus.data ?? []);
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
          {t('payDialog.packsTitle')}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {skus.isPending
            ? [1, 2, 3, 4].map((i) => <Skeleton key={i} h={170} radius="lg" />)
            : packs.map((sku, i) => (
                <TopupPackCard
                  key={sku.sku_id}
                  sku={sku}
                  signedIn={signedIn}
                  best={i === packs.length - 1}
                />
              ))}
        </SimpleGrid>
      </Stack>

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
    </Stack>
  );
}

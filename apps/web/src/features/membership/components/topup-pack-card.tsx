import type { Sku } from '@lumen/contracts/trade';
import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { useCheckout } from '../api/create-order';
import { formatFen } from '../money';
import classes from './plan-offer-card.module.css';

/** A credit top-up pack (purchased credits last 2 years, spec §9). */
export function TopupPackCard({
  sku,
  signedIn,
  best = false,
}: {
  sku: Sku;
  signedIn: boolean;
  best?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const openLogin = useSession((s) => s.openLogin);
  const checkout = useCheckout();
  const credits = new Intl.NumberFormat(i18n.language).format(sku.credits);
  const price = formatFen(sku.price_fen, i18n.language);
  // Per 100 credits, so packs compare at a glance.
  const per100 = formatFen(
    Math.round((sku.price_fen * 100) / Math.max(sku.credits, 1)),
    i18n.language,
  );
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      className={classes.card}
      data-highlighted={best || undefined}
      data-testid={`pack-${sku.sku_id}`}
    >
      <Stack gap="xs" h="100%" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" variant="light" color="orange">
            <IconCoins size={20} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={800} fz="xl" lh={1.2} className={classes.price}>
              {credits}
            </Text>
            <Text size="xs" c="dimmed">
              {t('membership.packs.credits', { count: sku.credits })}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0}>
          <Text fw={700} fz="lg" className={classes.price}>
            {price}
          </Text>
          <Text size="xs" c="dimmed">
            {t('membership.packs.per100', { price: per100 })}
          </Text>
        </Stack>
        <Button
          variant={best ? 'gradient' : 'light'}
          radius="xl"
          size="sm"
          fullWidth
          aria-label={t('membership.packs.buyLabel', { credits, price })}
          loading={checkout.isPending || checkout.isSuccess}
          onClick={() => (signedIn ? checkout.mutate({ sku_id: sku.sku_id }) : openLogin())}
        >
          {t('membership.packs.buy')}
        </Button>
      </Stack>
    </Card>
  );
}

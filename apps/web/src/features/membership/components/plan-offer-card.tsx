import type { Grade } from '@lumen/contracts/plans';
import type { BillCycle, Subscription } from '@lumen/contracts/trade';
import { Badge, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanOffer } from '../catalogue';
import { formatFen, monthlyPriceFen, savingPercent } from '../money';
import { cardPerks, highlightedPlan } from '../plans';
import { PlanActionButton } from './plan-action-button';
import classes from './plan-offer-card.module.css';

/** One paid plan at the chosen billing cycle: price, monthly credits, the buy button, perks. */
export function PlanOfferCard({
  offer,
  cycle,
  signedIn,
  subscription,
  compact = false,
}: {
  offer: PlanOffer;
  cycle: BillCycle;
  signedIn: boolean;
  subscription: Subscription | null | undefined;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const sku = (cycle === 'year' ? offer.year : offer.month) ?? offer.month ?? offer.year;
  if (!sku) return null;
  const name = t(`pay.grades.${offer.key}`);
  const highlighted = offer.key === highlightedPlan;
  const yearly = sku.bill_cycle === 'year';
  const saving = savingPercent(sku);
  const onTrial = subscription?.trial === true && subscription.grade === offer.grade;
  const perks = cardPerks(offer.grade as Grade);

  return (
    <Card
      withBorder
      radius="lg"
      padding={compact ? 'md' : 'lg'}
      className={classes.card}
      data-highlighted={highlighted || undefined}
      data-testid={`plan-${offer.key}`}
    >
      <Stack gap={compact ? 'xs' : 'sm'} h="100%">
        <Group justify="space-between" gap={6} wrap="nowrap">
          <Title order={3} fz={compact ? 'lg' : 'xl'}>
            {name}
          </Title>
          {onTrial ? (
            <Badge color="yellow" variant="light">
              {t('membership.plan.onTrial')}
            </Badge>
          ) : highlighted ? (
            <Badge variant="gradient">{t('pay.popular')}</Badge>
          ) : null}
        </Group>
        {compact ? null : (
          <Text size="sm" c="dimmed" mih={40}>
            {t(`pay.taglines.${offer.key}`)}
          </Text>
        )}

        <Stack gap={2}>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text fz={compact ? 28 : 34} fw={800} lh={1.1} className={classes.price}>
              {formatFen(monthlyPriceFen(sku), i18n.language)}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('membership.plan.perMonth')}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {yearly ? (
              <>
                {saving > 0 ? (
                  <Text span size="xs" td="line-through" mr={4}>
                    {formatFen(sku.list_price_fen, i18n.language)}
                  </Text>
                ) : null}
                {t('membership.plan.billedYearly', {
                  price: formatFen(sku.price_fen, i18n.language),
                })}
              </>
            ) : (
              t('membership.plan.billedMonthly')
            )}
          </Text>
          {yearly && saving > 0 ? (
            <Text size="xs" fw={700} c="teal.7">
              {t('membership.plan.saving', {
                amount: formatFen(sku.list_price_fen - sku.price_fen, i18n.language),
                percent: saving,
              })}
            </Text>
          ) : null}
        </Stack>

        <Group gap={6} wrap="nowrap">
          <IconCoins size={16} color="var(--mantine-color-orange-6)" aria-hidden />
          <Text size="sm" fw={600}>
            {t('membership.plan.credits', {
              count: sku.credits,
              formatted: new Intl.NumberFormat(i18n.language).format(sku.credits),
            })}
          </Text>
        </Group>

        <PlanActionButton
          sku={sku}
          planLabel={name}
          signedIn={signedIn}
          subscription={subscription}
          variant={highlighted ? 'gradient' : 'light'}
          radius="xl"
          fullWidth
          size={compact ? 'sm' : 'md'}
        />

        <List
          spacing={compact ? 4 : 6}
          size="sm"
          style={{ flex: 1 }}
          icon={
            <ThemeIcon
              size={16}
              radius="xl"
              variant="light"
              color={highlighted ? 'violet' : 'teal'}
            >
              <IconCheck size={11} />
            </ThemeIcon>
          }
        >
          {(compact ? perks.slice(0, 5) : perks).map((perk) => (
            <List.Item key={perk.key}>
              <Text size={compact ? 'xs' : 'sm'}>
                {t(`membership.perks.${perk.key}`, perk.values)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

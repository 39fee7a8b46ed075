import type { Subscription, SubscriptionStatus } from '@lumen/contracts/trade';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowBackUp,
  IconCalendarEvent,
  IconCreditCard,
  IconExternalLink,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../shared/ui/toast';
import { useChangeSubscription } from '../api/change-subscription';
import { useSubscription } from '../api/get-subscription';
import { formatDate } from '../format-date';
import { planLabel } from '../plan-label';

const statusColors: Record<SubscriptionStatus, string> = {
  active: 'teal',
  cancelling: 'orange',
  past_due: 'red',
  ended: 'gray',
};

/**
 * The subscription: plan, status, period, and the changes spec §4 allows: cancel (takes effect
 * when the period ends), resume before then, and the provider's billing portal for Stripe.
 */
export function SubscriptionPanel() {
  const { t, i18n } = useTranslation();
  const subscription = useSubscription();
  const change = useChangeSubscription();

  if (subscription.isPending) return <Skeleton h={150} radius="lg" />;
  const sub = subscription.data;
  if (!sub) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Title order={3} fz="lg">
              {t('membership.subscription.none')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('membership.subscription.noneHint')}
            </Text>
          </Stack>
          <Button component={Link} to="/pay" radius="xl" variant="gradient">
            {t('membership.subscription.seePlans')}
          </Button>
        </Group>
      </Card>
    );
  }

  const end = formatDate(sub.current_period_end, i18n.language);
  const status: SubscriptionStatus =
    sub.cancel_at_period_end && sub.status === 'active' ? 'cancelling' : sub.status;

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t('membership.subscription.cancelTitle'),
      children: (
        <Text size="sm">
          {t('membership.subscription.cancelBody', { plan: planLabel(t, sub.plan), date: end })}
        </Text>
      ),
      labels: {
        confirm: t('membership.subscription.cancelConfirm'),
        cancel: t('membership.subscription.keep'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        change.mutate('cancel', {
          onSuccess: () =>
            toast({
              type: 'success',
              message: t('membership.subscription.cancelled', { date: end }),
            }),
        }),
    });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="subscription-panel">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('membership.subscription.title')}
            </Text>
            <Group gap="xs">
              <Title order={3} fz={22}>
                {planLabel(t, sub.plan)}
              </Title>
              <Badge color={sub.trial ? 'yellow' : statusColors[status]} variant="light">
                {sub.trial
                  ? t('membership.subscription.trial')
                  : t(`membership.subscription.status.${status}`)}
              </Badge>
            </Group>
          </Stack>
          <Group gap={6} c="dimmed">
            <IconCalendarEvent size={16} />
            <Text size="sm">
              {formatDate(sub.current_period_start, i18n.language)} – {end}
            </Text>
          </Group>
        </Group>
        <Text size="sm">{periodLine(t, sub, status, end)}</Text>
        <Group gap="sm">
          {sub.trial ? (
            <Button component={Link} to="/pay" radius="xl" variant="gradient">
              {t('membership.subscription.keepAfterTrial')}
            </Button>
          ) : status === 'cancelling' ? (
            <Button
              radius="xl"
              leftSection={<IconArrowBackUp size={16} />}
              loading={change.isPending}
              onClick={() =>
                change.mutate('resume', {
                  onSuccess: () =>
                    toast({ type: 'success', message: t('membership.subscription.resumed') }),
                })
              }
            >
              {t('membership.subscription.resume')}
            </Button>
          ) : status === 'ended' ? (
            <Button component={Link} to="/pay" radius="xl">
              {t('membership.subscription.seePlans')}
            </Button>
          ) : (
            <Button
              radius="xl"
              variant="default"
              leftSection={<IconX size={16} />}
              loading={change.isPending}
              onClick={confirmCancel}
            >
              {t('membership.subscription.cancel')}
            </Button>
          )}
          {sub.portal_url ? (
            <Button
              component="a"
              href={sub.portal_url}
              target="_blank"
              rel="noopener noreferrer"
              radius="xl"
              variant="light"
              leftSection={<IconCreditCard size={16} />}
              rightSection={<IconExternalLink size={14} />}
            >
              {t('membership.subscription.portal')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function periodLine(
  t: (key: string, values?: Record<string, string>) => string,
  sub: Subscription,
  status: SubscriptionStatus,
  date: string,
): string {
  if (sub.trial) return t('membership.subscription.trialEnds', { date });
  if (status === 'cancelling') return t('membership.subscription.endsOn', { date });
  if (status === 'past_due') return t('membership.subscription.pastDue');
  if (status === 'ended') return t('membership.subscription.ended', { date });
  return t('membership.subscription.renewsOn', { date });
}

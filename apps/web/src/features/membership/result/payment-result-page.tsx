import type { Order } from '@lumen/contracts/trade';
import {
  Alert,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconHelpCircle,
  IconBan,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useOrder } from '../api/get-order';
import { refreshMembershipQueries } from '../api/refresh-membership';
import { formatDateTime } from '../format-date';
import { formatFen } from '../money';
import { isSettling, resultPromptFor, type ResultPrompt } from './result-prompt';

/** Milliseconds since the page opened, ticking while the order is still settling. */
function useWaited(active: boolean): number {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now - started;
}

/**
 * Where the payer returns after checkout (`/pay/result?order_no=`): polls the order, shows the
 * spec §8 result prompt and refreshes everything the payment changed (badge, plan, bills).
 */
export function PaymentResultPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderNo = params.get('order_no')?.trim() ?? '';
  const queryClient = useQueryClient();
  const order = useOrder(orderNo, isSettling);
  const settling = isSettling(order.data);
  const waited = useWaited(settling);

  // Each time the order moves on (paid, then active), the account and plan follow.
  const seen = useRef<string | null>(null);
  const stage = order.data ? `${order.data.status}:${order.data.failure ?? ''}` : null;
  useEffect(() => {
    if (!stage || stage === seen.current) return;
    const first = seen.current === null;
    seen.current = stage;
    if (!first || !stage.startsWith('waiting')) void refreshMembershipQueries(queryClient);
  }, [stage, queryClient]);

  if (!orderNo || order.isError) {
    return (
      <Center py={60}>
        <Alert color="red" variant="light" radius="md" title={t('membership.result.notFound')}>
          <Button component={Link} to="/pay" variant="light" mt="sm" radius="xl">
            {t('membership.result.backToPlans')}
          </Button>
        </Alert>
      </Center>
    );
  }
  if (!order.data) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }

  const prompt = resultPromptFor(order.data, waited);
  return (
    <Center py={{ base: 'md', sm: 60 }}>
      <Card withBorder radius="lg" padding="xl" maw={520} w="100%" data-testid="payment-result">
        <Stack gap="lg" align="center" ta="center">
          <PromptHeader prompt={prompt} order={order.data} onConfirm={() => void order.refetch()} />
          <OrderSummary order={order.data} />
        </Stack>
      </Card>
    </Center>
  );
}

const looks: Record<ResultPrompt['kind'], { color: string; icon: ReactNode }> = {
  succeeded: { color: 'teal', icon: <IconCircleCheck size={40} /> },
  failed: { color: 'red', icon: <IconCircleX size={40} /> },
  cancelled: { color: 'gray', icon: <IconBan size={40} /> },
  waiting: { color: 'blue', icon: <IconClockHour4 size={40} /> },
  confirm: { color: 'yellow', icon: <IconHelpCircle size={40} /> },
  review: { color: 'orange', icon: <IconClockHour4 size={40} /> },
};

function PromptHeader({
  prompt,
  order,
  onConfirm,
}: {
  prompt: ResultPrompt;
  order: Order;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const look = looks[prompt.kind];
  const membership = order.type === 'membership';
  let body: string;
  let actions: ReactNode;
  switch (prompt.kind) {
    case 'succeeded':
      body = membership
        ? t(prompt.activated ? 'membership.result.planActive' : 'membership.result.planActivating')
        : t('membership.result.creditsAdded');
      actions = (
        <>
          <Button component={Link} to="/member" radius="xl" variant="gradient">
            {t('membership.result.toMemberCentre')}
          </Button>
          <Button component={Link} to="/studio" radius="xl" variant="default">
            {t('membership.result.startCreating')}
          </Button>
        </>
      );
      break;
    case 'failed':
      body = prompt.message ?? t(`membership.result.failures.${prompt.failure ?? 'pay_error'}`);
      actions = (
        <Button component={Link} to="/pay" radius="xl">
          {t('membership.result.tryAgain')}
        </Button>
      );
      break;
    case 'cancelled':
      body = t('membership.result.cancelledBody');
      actions = (
        <Button component={Link} to="/pay" radius="xl">
          {t('membership.result.backToPlans')}
        </Button>
      );
      break;
    case 'review':
      body = t('membership.result.reviewBody');
      actions = (
        <Button component={Link} to="/member" radius="xl" variant="default">
          {t('membership.result.toMemberCentre')}
        </Button>
      );
      break;
    case 'waiting':
      body = t('membership.result.waitingBody');
      actions = <Loader size="sm" />;
      break;
    case 'confirm':
      body = t('membership.result.confirmBody');
      actions = (
        <>
          <Button radius="xl" onClick={onConfirm}>
            {t('membership.result.confirmPaid')}
          </Button>
          <Button component={Link} to="/pay" radius="xl" variant="default">
            {t('membership.result.confirmProblem')}
          </Button>
        </>
      );
      break;
  }
  return (
    <Stack gap="sm" align="center" role="status">
      <ThemeIcon size={72} radius="xl" variant="light" color={look.color}>
        {look.icon}
      </ThemeIcon>
      <Title order={1} fz={{ base: 22, sm: 26 }}>
        {t(`membership.result.titles.${prompt.kind}`)}
      </Title>
      <Text c="dimmed" maw={400}>
        {body}
      </Text>
      <Group gap="sm" justify="center" mt="xs">
        {actions}
      </Group>
    </Stack>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t('membership.orders.item'), order.detail],
    [t('membership.orders.amount'), formatFen(order.amount_fen, i18n.language)],
    [t('membership.orders.number'), order.order_no],
    [t('membership.orders.date'), formatDateTime(order.created_at, i18n.language)],
  ];
  return (
    <Stack gap={6} w="100%">
      <Divider />
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" wrap="nowrap" gap="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text size="sm" fw={600} ta="right" style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

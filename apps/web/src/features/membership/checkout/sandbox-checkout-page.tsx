import type { CheckoutSessionStatus, SandboxOutcome } from '@lumen/contracts/trade';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Fieldset,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCreditCard,
  IconFlask,
  IconLock,
  IconQrcode,
} from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSandboxCheckout } from '../api/get-sandbox-checkout';
import { useSettleSandboxCheckout } from '../api/settle-sandbox-checkout';
import { formatFen } from '../money';
import { skuLabel } from '../plan-label';
import { QrCodeView } from './qr-code-view';
import classes from './sandbox-checkout-page.module.css';
import { formatCountdown, useCountdown } from './use-countdown';

const testOutcomes: Exclude<SandboxOutcome, 'pay' | 'cancel'>[] = [
  'card_declined',
  '3ds_failed',
  'qr_expired',
];

/**
 * The sandbox provider's hosted checkout (architecture decision 9): what a payer sees at a real
 * provider, plus clearly marked buttons for the failure paths. Every choice is posted to the
 * server, which settles the order through the same signed webhook a real provider would send.
 */
export function SandboxCheckoutPage() {
  const { t, i18n } = useTranslation();
  const { sessionId = '' } = useParams();
  const session = useSandboxCheckout(sessionId);
  const settle = useSettleSandboxCheckout(sessionId);
  const secondsLeft = useCountdown(session.data?.expires_at);

  if (session.isPending) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  if (session.isError || !session.data) {
    return (
      <Center mih="100vh" p="md">
        <Alert color="red" variant="light" radius="md" title={t('membership.checkout.notFound')}>
          <Anchor href="/pay">{t('membership.checkout.backToPlans')}</Anchor>
        </Alert>
      </Center>
    );
  }

  const checkout = session.data;
  const amount = formatFen(checkout.amount_fen, i18n.language);
  const item = skuLabel(t, checkout.sku_name, i18n.language);
  const open = checkout.status === 'open';
  const expired = secondsLeft === 0;
  const busy = settle.isPending || settle.isSuccess;
  const post = (outcome: SandboxOutcome) => {
    if (!busy) settle.mutate(outcome);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    post('pay');
  };

  return (
    <div className={classes.page}>
      <section className={classes.summary} aria-label={t('membership.checkout.summary')}>
        <Stack gap="lg" className={classes.inner}>
          <Group gap="xs">
            <Anchor
              component="button"
              type="button"
              c="dimmed"
              onClick={() => post('cancel')}
              aria-label={t('membership.checkout.back')}
              disabled={!open || busy}
            >
              <IconArrowLeft size={18} />
            </Anchor>
            <Text fw={800} fz="lg">
              Lumen
            </Text>
            <Badge
              color="orange"
              variant="filled"
              radius="sm"
              leftSection={<IconFlask size={12} />}
            >
              {t('membership.checkout.sandbox')}
            </Badge>
          </Group>
          <Stack gap={4}>
            <Text c="dimmed" fw={600}>
              {t('membership.checkout.payFor', { item })}
            </Text>
            <Text fz={{ base: 34, sm: 42 }} fw={800} lh={1.1} data-testid="checkout-amount">
              {amount}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {item}
              </Text>
              <Text size="sm">{amount}</Text>
            </Group>
            <Divider />
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={700}>
                {t('membership.checkout.totalToday')}
              </Text>
              <Text size="sm" fw={700}>
                {amount}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('membership.checkout.orderNo', { orderNo: checkout.order_no })}
            </Text>
          </Stack>
        </Stack>
      </section>

      <section className={classes.payment} aria-label={t('membership.checkout.payment')}>
        <Stack gap="lg" className={classes.inner}>
          {!open ? (
            <Alert
              color="gray"
              variant="light"
              radius="md"
              title={t(`membership.checkout.closed.${closedKey(checkout.status)}`)}
            >
              <Anchor href={checkout.return_url} fw={600}>
                {t('membership.checkout.seeResult')}
              </Anchor>
            </Alert>
          ) : (
            <>
              <form onSubmit={onSubmit} autoComplete="off">
                <Stack gap="sm">
                  <Group gap="xs">
                    <IconCreditCard size={20} />
                    <Title order={2} fz="lg">
                      {t('membership.checkout.card')}
                    </Title>
                  </Group>
                  <TextInput
                    label={t('membership.checkout.cardNumber')}
                    defaultValue="4242 4242 4242 4242"
                    inputMode="numeric"
                    readOnly
                  />
                  <SimpleGrid cols={2} spacing="sm">
                    <TextInput
                      label={t('membership.checkout.expiry')}
                      defaultValue="12 / 34"
                      readOnly
                    />
                    <TextInput label={t('membership.checkout.cvc')} defaultValue="123" readOnly />
                  </SimpleGrid>
                  <TextInput
                    label={t('membership.checkout.cardholder')}
                    defaultValue={t('membership.checkout.cardholderSample')}
                    readOnly
                  />
                  <Button
                    type="submit"
                    size="lg"
                    radius="md"
                    fullWidth
                    leftSection={<IconLock size={18} />}
                    loading={busy && settle.variables === 'pay'}
                    disabled={busy && settle.variables !== 'pay'}
                  >
                    {t('membership.checkout.pay', { amount })}
                  </Button>
                </Stack>
              </form>

              <Divider label={t('membership.checkout.or')} labelPosition="center" />

              <Group gap="lg" wrap="nowrap" align="center" className={classes.qr}>
                <Box pos="relative" className={classes.qrCode}>
                  <QrCodeView
                    value={window.location.href}
                    size={132}
                    label={t('membership.checkout.qrLabel')}
                  />
                  {expired ? (
                    <div className={classes.qrExpired}>
                      <Text size="xs" fw={700} ta="center">
                        {t('membership.checkout.qrExpired')}
                      </Text>
                    </div>
                  ) : null}
                </Box>
                <Stack gap={4}>
                  <Group gap={6}>
                    <IconQrcode size={18} />
                    <Text fw={600}>{t('membership.checkout.scan')}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('membership.checkout.scanHint')}
                  </Text>
                  <Text
                    size="sm"
                    fw={600}
                    c={expired ? 'red' : undefined}
                    data-testid="qr-countdown"
                  >
                    {expired
                      ? t('membership.checkout.qrExpired')
                      : t('membership.checkout.expiresIn', {
                          time: formatCountdown(secondsLeft ?? 0),
                        })}
                  </Text>
                </Stack>
              </Group>

              <Button
                variant="subtle"
                color="gray"
                onClick={() => post('cancel')}
                loading={busy && settle.variables === 'cancel'}
                disabled={busy && settle.variables !== 'cancel'}
              >
                {t('membership.checkout.cancel')}
              </Button>

              <Fieldset
                legend={
                  <Group gap={6}>
                    <IconFlask size={16} />
                    <Text fw={700} size="sm">
                      {t('membership.checkout.testOutcomes')}
                    </Text>
                  </Group>
                }
                radius="md"
                className={classes.tests}
              >
                <Stack gap="xs">
                  <Text size="xs" c="dimmed">
                    {t('membership.checkout.testHint')}
                  </Text>
                  <Group gap="xs">
                    {testOutcomes.map((outcome) => (
                      <Button
                        key={outcome}
                        variant="outline"
                        color="orange"
                        size="xs"
                        radius="md"
                        onClick={() => post(outcome)}
                        loading={busy && settle.variables === outcome}
                        disabled={busy && settle.variables !== outcome}
                      >
                        {t(`membership.checkout.outcomes.${outcome}`)}
                      </Button>
                    ))}
                  </Group>
                </Stack>
              </Fieldset>
            </>
          )}
          <Text size="xs" c="dimmed" ta="center">
            <IconLock size={12} style={{ verticalAlign: -1, marginRight: 4 }} />
            {t('membership.checkout.footer')}
          </Text>
        </Stack>
      </section>
    </div>
  );
}

function closedKey(status: CheckoutSessionStatus): Exclude<CheckoutSessionStatus, 'open'> {
  return status === 'open' ? 'complete' : status;
}

import type { AdminOrder, ReviewAction } from '@lumen/contracts/trade';
import { Button, Card, Center, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast';
import {
  PAYMENTS_REVIEW_PAGE_SIZE,
  usePaymentsInReview,
  useResolvePayment,
} from '../api/payments-review';
import { AdminPageHeader } from '../components/admin-page-header';
import { ApiErrorAlert } from '../components/api-error-alert';
import { withAdminTexts } from '../admin-texts';

/** Fen as yuan in the admin's language; the order's own currency is always CNY. */
function yuan(fen: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'CNY',
    currencyDisplay: 'narrowSymbol',
  }).format(fen / 100);
}

function when(iso: string | null, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

/**
 * `/admin/payments`: orders a provider reported paid with another amount than their price.
 * Nothing was granted; the admin accepts one (the buyer gets what it bought) or cancels it
 * (nothing is granted, a refund is made at the provider).
 */
export const PaymentsReviewPage = withAdminTexts(PaymentsReviewPageContent);

function PaymentsReviewPageContent() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = usePaymentsInReview(page);
  const resolve = useResolvePayment();
  const rows = orders.data?.list ?? [];
  const total = orders.data?.total ?? 0;

  const decide = (order: AdminOrder, action: ReviewAction) =>
    modals.openConfirmModal({
      title: t(`admin.payments.confirm.${action}.title`),
      children: (
        <Text size="sm">
          {t(`admin.payments.confirm.${action}.body`, {
            order: order.order_no,
            paid: yuan(order.paid_amount_fen ?? 0, i18n.language),
            price: yuan(order.amount_fen, i18n.language),
          })}
        </Text>
      ),
      labels: { confirm: t(`admin.payments.${action}`), cancel: t('common.cancel') },
      confirmProps: { color: action === 'cancel' ? 'red' : 'teal' },
      onConfirm: () =>
        resolve.mutate(
          { orderNo: order.order_no, action },
          {
            onSuccess: () =>
              toast({ type: 'success', message: t(`admin.payments.done.${action}`) }),
          },
        ),
    });

  return (
    <Stack gap="lg" maw={1200} mx="auto">
      <AdminPageHeader title={t('admin.payments.title')} subtitle={t('admin.payments.subtitle')} />
      <ApiErrorAlert error={resolve.error} />
      {orders.isPending ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : orders.isError ? (
        <ApiErrorAlert error={orders.error} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('admin.payments.empty')}
        </Text>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.payments.columns.order')}</Table.Th>
                  <Table.Th>{t('admin.payments.columns.user')}</Table.Th>
                  <Table.Th>{t('admin.payments.columns.item')}</Table.Th>
                  <Table.Th ta="right">{t('admin.payments.columns.price')}</Table.Th>
                  <Table.Th ta="right">{t('admin.payments.columns.paid')}</Table.Th>
                  <Table.Th>{t('admin.payments.columns.reported')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <Table.Tr key={order.order_no} data-testid="review-order-row">
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {order.order_no}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {order.provider}
                      </Text>
                    </Table.Td>
                    <Table.Td>{order.user_id}</Table.Td>
                    <Table.Td fw={600}>{order.detail}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {yuan(order.amount_fen, i18n.language)}
                    </Table.Td>
                    <Table.Td ta="right" fw={700} c="orange.8" style={{ whiteSpace: 'nowrap' }}>
                      {order.paid_amount_fen === null
                        ? '—'
                        : yuan(order.paid_amount_fen, i18n.language)}
                    </Table.Td>
                    <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {when(order.paid_at, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          color="teal"
                          disabled={resolve.isPending}
                          onClick={() => decide(order, 'accept')}
                        >
                          {t('admin.payments.accept')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          disabled={resolve.isPending}
                          onClick={() => decide(order, 'cancel')}
                        >
                          {t('admin.payments.cancel')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > PAYMENTS_REVIEW_PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / PAYMENTS_REVIEW_PAGE_SIZE)}
            value={page}
            onChange={setPage}
            size="sm"
            radius="xl"
          />
        </Group>
      ) : null}
    </Stack>
  );
}

import type { OrderStatus } from '@lumen/contracts/trade';
import { Badge, Card, Group, Pagination, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/list-orders';
import { formatDateTime } from '../format-date';
import { formatFen } from '../money';

const orderStatusColors: Record<OrderStatus, string> = {
  waiting: 'yellow',
  paid: 'blue',
  active: 'teal',
  cancelled: 'gray',
  review: 'orange',
};

/** Spec §2 payment history: every order with its status and amount in CNY (spec §3). */
export function PaymentHistory() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  const rows = orders.data?.list ?? [];
  const total = orders.data?.total ?? 0;

  return (
    <Stack gap="sm" component="section">
      <Title order={2} fz={{ base: 18, sm: 22 }}>
        {t('membership.orders.title')}
      </Title>
      {orders.isPending ? (
        <Skeleton h={140} radius="lg" />
      ) : rows.length === 0 ? (
        <Card withBorder radius="lg" padding="lg">
          <Text size="sm" c="dimmed">
            {t('membership.orders.empty')}
          </Text>
        </Card>
      ) : (
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('membership.orders.date')}</Table.Th>
                  <Table.Th>{t('membership.orders.item')}</Table.Th>
                  <Table.Th>{t('membership.orders.number')}</Table.Th>
                  <Table.Th ta="right">{t('membership.orders.amount')}</Table.Th>
                  <Table.Th>{t('membership.orders.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((order) => (
                  <Table.Tr key={order.order_no} data-testid="order-row">
                    <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(order.created_at, i18n.language)}
                    </Table.Td>
                    <Table.Td fw={600}>
                      {order.detail}
                      <Text size="xs" c="dimmed" fw={400}>
                        {t(`membership.orders.types.${order.type}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace">
                        {order.order_no}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                      {formatFen(order.amount_fen, i18n.language)}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={orderStatusColors[order.status]}>
                        {t(`membership.orders.statuses.${order.status}`)}
                      </Badge>
                      {order.failure && order.failure !== 'cancelled' && order.failure_msg ? (
                        <Text size="xs" c="red.7" mt={4} maw={220}>
                          {order.failure_msg}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      {total > ORDERS_PAGE_SIZE ? (
        <Group justify="flex-end">
          <Pagination
            total={Math.ceil(total / ORDERS_PAGE_SIZE)}
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

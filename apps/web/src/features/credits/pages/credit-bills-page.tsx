import { billsFilters } from '@lumen/contracts/credits';
import {
  Alert,
  Card,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLS_PAGE_SIZE, useBills, type BillsFilter } from '../api/list-bills';
import { BalanceCard } from '../components/balance-card';
import { BillsList } from '../components/bills-list';
import classes from './credit-bills-page.module.css';

/** Spec §3 credit bills: the four filters, newest first, paged. */
export function CreditBillsPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BillsFilter>('all');
  const [page, setPage] = useState(1);
  const bills = useBills(filter, page);
  const narrow = useMediaQuery('(max-width: 31.99em)', false, { getInitialValueInEffect: false });
  const total = bills.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BILLS_PAGE_SIZE));
  const rows = bills.data?.data ?? [];

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('credits.bills.title')}
        </Title>
        <Text c="dimmed">{t('credits.bills.subtitle')}</Text>
      </Stack>

      <BalanceCard />

      <Card withBorder radius="lg" padding={0}>
        <Group justify="space-between" p="md" gap="sm" className={classes.toolbar}>
          <SegmentedControl
            value={filter}
            onChange={(value) => {
              setFilter(value as BillsFilter);
              setPage(1);
            }}
            data={billsFilters.map((value) => ({ value, label: t(`credits.filters.${value}`) }))}
            radius="xl"
            size={narrow ? 'xs' : 'sm'}
            fullWidth={narrow}
            className={classes.filters}
            aria-label={t('credits.bills.filterLabel')}
          />
          {bills.isFetching && bills.data ? <Loader size="xs" /> : null}
        </Group>

        <div className={classes.body}>
          {bills.isPending ? (
            <Stack gap="xs">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h={44} radius="md" />
              ))}
            </Stack>
          ) : bills.isError ? (
            <Alert color="red" variant="light">
              {t('credits.bills.loadError')}
            </Alert>
          ) : rows.length === 0 ? (
            <Stack align="center" gap="xs" py="xl">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                <IconReceipt size={28} />
              </ThemeIcon>
              <Text fw={600}>{t('credits.bills.emptyTitle')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t(`credits.bills.empty.${filter}`)}
              </Text>
            </Stack>
          ) : (
            <BillsList rows={rows} />
          )}
        </div>

        {total > 0 ? (
          <Group justify="space-between" p="md" gap="sm" className={classes.footer}>
            <Text size="sm" c="dimmed">
              {t('credits.bills.range', {
                from: (page - 1) * BILLS_PAGE_SIZE + 1,
                to: Math.min(page * BILLS_PAGE_SIZE, total),
                total,
              })}
            </Text>
            {pages > 1 ? (
              <Pagination total={pages} value={page} onChange={setPage} size="sm" radius="xl" />
            ) : null}
          </Group>
        ) : null}
      </Card>
    </Stack>
  );
}

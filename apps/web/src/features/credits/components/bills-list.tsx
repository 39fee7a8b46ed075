import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import type { BillRow } from '../api/list-bills';
import { creditsColor, formatDateTime, formatSignedCredits } from '../credit-format';
import { BillTypeBadge } from './bill-type-badge';

/**
 * The server words each event in the user's language, but a generation's charge and refund
 * read better here as what happened ("Generation", "Refund") with the task type's name in the
 * service column beside it; expiry sweeps are recorded by code.
 */
function eventLabel(t: TFunction, row: BillRow): string {
  if (row.event === 'expired') return t('credits.events.expired');
  if (row.service && (row.type === 'consumption' || row.type === 'refund')) {
    return t(row.type === 'refund' ? 'credits.events.refund' : 'credits.events.generation');
  }
  return row.event;
}

function serviceLabel(t: TFunction, service: string | null): string {
  if (!service) return '—';
  return taskTypeName(t, service);
}

/** Rows that add credits and carry no end date never expire (reward points); others show none. */
function expirationLabel(t: TFunction, row: BillRow, language: string): string {
  if (row.expiration) return formatDateTime(row.expiration, language);
  return row.credits > 0 ? t('credits.bills.never') : '—';
}

/** The bill as a table on wide screens and as cards on phones, where six columns cannot fit. */
export function BillsList({ rows }: { rows: BillRow[] }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const lang = i18n.language;

  if (narrow) {
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm" data-testid="bill-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {eventLabel(t, row)}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.service
                    ? `${formatDateTime(row.date, lang)} · ${serviceLabel(t, row.service)}`
                    : formatDateTime(row.date, lang)}
                </Text>
              </Stack>
              <Text fw={800} c={creditsColor(row.credits)} style={{ whiteSpace: 'nowrap' }}>
                {formatSignedCredits(row.credits, lang)}
              </Text>
            </Group>
            <Group justify="space-between" mt={8} gap="xs">
              <BillTypeBadge type={row.type} />
              <Text size="xs" c="dimmed">
                {t('credits.bills.expires', { date: expirationLabel(t, row, lang) })}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('credits.bills.columns.date')}</Table.Th>
            <Table.Th>{t('credits.bills.columns.event')}</Table.Th>
            <Table.Th>{t('credits.bills.columns.service')}</Table.Th>
            <Table.Th>{t('credits.bills.columns.type')}</Table.Th>
            <Table.Th ta="right">{t('credits.bills.columns.credits')}</Table.Th>
            <Table.Th>{t('credits.bills.columns.expiration')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="bill-row">
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(row.date, lang)}
              </Table.Td>
              <Table.Td fw={600}>{eventLabel(t, row)}</Table.Td>
              <Table.Td>{serviceLabel(t, row.service)}</Table.Td>
              <Table.Td>
                <BillTypeBadge type={row.type} />
              </Table.Td>
              <Table.Td
                ta="right"
                fw={800}
                c={creditsColor(row.credits)}
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatSignedCredits(row.credits, lang)}
              </Table.Td>
              <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {expirationLabel(t, row, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A two-column price list; `rows` carry i18n keys under `labelPrefix`. */
export function CostTable({
  rows,
  labelPrefix,
  caption,
}: {
  rows: { key: string; credits: number }[];
  labelPrefix: string;
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md" striped>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('credits.policy.costs.action')}</Table.Th>
          <Table.Th ta="right">{t('credits.policy.costs.credits')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{t(`${labelPrefix}.${row.key}`)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <Text span fw={700}>
                {t('credits.policy.costs.value', { count: row.credits })}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

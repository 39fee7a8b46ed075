import { Badge, Card, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserPlans } from '../api/list-user-plans';
import { formatDate } from '../credit-format';
import { gradeNameKey } from '../grade-names';

/** Every plan period the account has had (trials, grants, purchases), newest first. */
export function PlanHistory() {
  const { t, i18n } = useTranslation();
  const plans = useUserPlans();
  if (plans.isPending) return <Skeleton h={120} radius="lg" />;
  const rows = plans.data ?? [];
  if (rows.length === 0) {
    return (
      <Card withBorder radius="lg" padding="lg">
        <Text size="sm" c="dimmed">
          {t('member.history.empty')}
        </Text>
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('member.history.plan')}</Table.Th>
              <Table.Th>{t('member.history.source')}</Table.Th>
              <Table.Th>{t('member.history.period')}</Table.Th>
              <Table.Th>{t('member.history.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td fw={600}>
                  {t(gradeNameKey(plan.grade))}
                  {plan.plan_name.endsWith('-year') ? ` · ${t('member.plan.yearly')}` : ''}
                </Table.Td>
                <Table.Td>
                  {t(`member.sources.${plan.source}`, { defaultValue: plan.source })}
                </Table.Td>
                <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(plan.starts_at, i18n.language)} –{' '}
                  {formatDate(plan.ends_at, i18n.language)}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={plan.active ? 'teal' : 'gray'}>
                    {t(plan.active ? 'member.history.active' : 'member.history.ended')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

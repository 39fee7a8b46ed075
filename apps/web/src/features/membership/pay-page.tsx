import { Badge, Card, List, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { creditCosts, plans } from './plans';

export function PayPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('pay.title')}
        </Title>
        <Text c="dimmed">{t('pay.subtitle')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="lg">
        {plans.map((plan) => (
          <Card
            key={plan.grade}
            withBorder
            radius="lg"
            padding="lg"
            style={
              plan.highlighted
                ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                : undefined
            }
          >
            <Stack gap="sm">
              <Stack gap={2}>
                <Title order={2} fz="xl">
                  {t(`pay.grades.${plan.grade}`)}
                </Title>
                {plan.highlighted ? (
                  <Badge variant="gradient" w="fit-content">
                    {t('pay.popular')}
                  </Badge>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t(`pay.taglines.${plan.grade}`)}
                </Text>
              </Stack>
              <List
                spacing={6}
                size="sm"
                icon={
                  <ThemeIcon size={18} radius="xl" variant="light">
                    <IconCheck size={12} />
                  </ThemeIcon>
                }
              >
                {plan.perks.map((perk) => (
                  <List.Item key={perk}>{t(`pay.perks.${perk}`)}</List.Item>
                ))}
              </List>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('pay.trialTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pay.trialBody')}
          </Text>
        </Stack>
      </Card>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('pay.costsTitle')}
        </Title>
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pay.costsAction')}</Table.Th>
                <Table.Th ta="right">{t('pay.costsCredits')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {creditCosts.map((cost) => (
                <Table.Tr key={cost.key}>
                  <Table.Td>{t(`pay.costs.${cost.key}`)}</Table.Td>
                  <Table.Td ta="right">{cost.credits}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {t('pay.validity')}
        </Text>
      </Stack>

      <Text size="sm" c="dimmed">
        {t('pay.checkoutNote')}
      </Text>
    </Stack>
  );
}

import {
  Anchor,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/session/session-store';
import { CostTable } from '../components/cost-table';
import { ValidityGrid } from '../components/validity-grid';
import { actionCostRows, unitCostRows } from '../credit-policy';

const spendingRules = ['expiringFirst', 'refunds', 'relaxed', 'expiredCleared'] as const;

/** Spec §2 credit policy, public: validity per kind and what each action costs (§9). */
export function CreditPolicyPage() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  return (
    <Stack gap={40} maw={1100} mx="auto" pb="xl">
      <Stack gap="xs" maw={720}>
        <Text fw={700} c="violet" tt="uppercase" fz="xs" style={{ letterSpacing: '0.08em' }}>
          {t('credits.policy.eyebrow')}
        </Text>
        <Title order={1} fz={{ base: 28, sm: 38 }}>
          {t('credits.policy.title')}
        </Title>
        <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
          {t('credits.policy.intro')}
        </Text>
      </Stack>

      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {t('credits.policy.validityTitle')}
        </Title>
        <ValidityGrid />
        <Text size="xs" c="dimmed">
          {t('credits.policy.timezoneNote')}
        </Text>
      </Stack>

      <Stack gap="md">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {t('credits.policy.costsTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <CostTable
            rows={unitCostRows.map((row) => ({ key: row.kind, credits: row.credits }))}
            labelPrefix="credits.policy.units"
            caption={t('credits.policy.unitsCaption')}
          />
          <CostTable
            rows={actionCostRows}
            labelPrefix="credits.policy.actions"
            caption={t('credits.policy.actionsCaption')}
          />
        </SimpleGrid>
      </Stack>

      <Card withBorder radius="lg" padding="xl">
        <Title order={2} fz={{ base: 20, sm: 24 }} mb="md">
          {t('credits.policy.spendingTitle')}
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" variant="light" color="teal">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {spendingRules.map((rule) => (
            <List.Item key={rule}>
              <Text size="sm">{t(`credits.policy.spending.${rule}`)}</Text>
            </List.Item>
          ))}
        </List>
        <Group mt="xl" gap="sm">
          {signedIn ? (
            <Button
              component={Link}
              to="/account/credits"
              radius="xl"
              leftSection={<IconReceipt size={16} />}
            >
              {t('credits.policy.viewBills')}
            </Button>
          ) : null}
          <Anchor component={Link} to="/pay" fw={600} size="sm">
            {t('credits.policy.comparePlans')}
          </Anchor>
        </Group>
      </Card>
    </Stack>
  );
}

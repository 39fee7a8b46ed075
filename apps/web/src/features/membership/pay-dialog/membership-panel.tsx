import { planNames, type Grade } from '@lumen/contracts/plans';
import {
  Badge,
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
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { plans } from '../plans';
import { CheckoutNote } from './checkout-note';

/** The paid plans side by side; the current one is marked so nobody "upgrades" to it. */
export function MembershipPanel({
  grade,
  onNavigate,
}: {
  grade: Grade | null;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const current = grade === null ? null : planNames[grade];
  return (
    <Stack gap="md">
      {/* First, so nobody scrolls through three plans before learning they cannot buy one yet. */}
      <CheckoutNote onNavigate={onNavigate} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {plans
          .filter((plan) => plan.grade !== 'free')
          .map((plan) => {
            const isCurrent = plan.grade === current;
            return (
              <Card
                key={plan.grade}
                withBorder
                radius="lg"
                padding="md"
                style={
                  plan.highlighted
                    ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
                    : undefined
                }
              >
                <Stack gap="xs" h="100%">
                  <Group justify="space-between" gap={6} wrap="nowrap">
                    <Title order={3} fz="lg">
                      {t(`pay.grades.${plan.grade}`)}
                    </Title>
                    {isCurrent ? (
                      <Badge color="teal" variant="light">
                        {t('payDialog.currentPlan')}
                      </Badge>
                    ) : plan.highlighted ? (
                      <Badge variant="gradient">{t('pay.popular')}</Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`pay.taglines.${plan.grade}`)}
                  </Text>
                  <List
                    spacing={4}
                    size="sm"
                    style={{ flex: 1 }}
                    icon={
                      <ThemeIcon size={16} radius="xl" variant="light">
                        <IconCheck size={11} />
                      </ThemeIcon>
                    }
                  >
                    {plan.perks.slice(0, 6).map((perk) => (
                      <List.Item key={perk}>
                        <Text size="xs">{t(`pay.perks.${perk}`)}</Text>
                      </List.Item>
                    ))}
                  </List>
                  <Button
                    variant={plan.highlighted ? 'filled' : 'light'}
                    disabled
                    fullWidth
                    radius="xl"
                    size="sm"
                  >
                    {isCurrent ? t('payDialog.currentPlan') : t('payDialog.checkoutSoon')}
                  </Button>
                </Stack>
              </Card>
            );
          })}
      </SimpleGrid>
    </Stack>
  );
}

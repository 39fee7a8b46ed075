import type { AccountInfo } from '@lumen/contracts/credits';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconCrown, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openPayDialog } from '../../../shared/session/pay-dialog-store';
import { formatDate } from '../credit-format';
import { gradeNameKey } from '../grade-names';
import classes from './plan-card.module.css';

/** The member centre's headline: which plan, until when, and the two ways to get more. */
export function PlanCard({ account }: { account: AccountInfo | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Card radius="lg" padding="xl" className={classes.card} h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs">
            <IconCrown size={18} />
            <Text size="sm" fw={600} className={classes.muted}>
              {t('member.plan.current')}
            </Text>
          </Group>
          {account ? (
            <Group gap="xs" align="center">
              <Title order={2} fz={{ base: 30, sm: 38 }} c="white">
                {t(gradeNameKey(account.grade))}
              </Title>
              {account.isYearVip ? (
                <Badge color="white" variant="white" c="violet">
                  {t('member.plan.yearly')}
                </Badge>
              ) : null}
              {account.isFreeVip ? (
                <Badge color="yellow" variant="filled" c="dark">
                  {t('member.plan.trial')}
                </Badge>
              ) : null}
            </Group>
          ) : (
            <Skeleton h={40} w={160} />
          )}
          <Text size="sm" className={classes.muted}>
            {account?.plan_ends_at
              ? t('member.plan.endsAt', { date: formatDate(account.plan_ends_at, i18n.language) })
              : t('member.plan.noEnd')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button
            variant="white"
            color="violet"
            radius="xl"
            leftSection={<IconRocket size={16} />}
            onClick={() => openPayDialog({ tab: 'membership' })}
          >
            {t('member.actions.upgrade')}
          </Button>
          <Button
            variant="outline"
            color="white"
            radius="xl"
            className={classes.outline}
            leftSection={<IconCoins size={16} />}
            onClick={() => openPayDialog({ tab: 'credits' })}
          >
            {t('member.actions.getCredits')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Anchor, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountInfo } from '../../../shared/session/account-info';
import { openPayDialog } from '../../../shared/session/pay-dialog-store';
import classes from './balance-card.module.css';

/** The balance with the ways to get more; heads the bills page. */
export function BalanceCard() {
  const { t, i18n } = useTranslation();
  const account = useAccountInfo();
  const credits = account.data?.credits;
  return (
    <Card radius="lg" padding="lg" className={classes.card}>
      <Group justify="space-between" align="center" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" variant="white" color="violet">
            <IconCoins size={28} />
          </ThemeIcon>
          <Stack gap={0}>
            <Text size="sm" fw={600} className={classes.muted}>
              {t('credits.balance.title')}
            </Text>
            {credits === undefined ? (
              <Skeleton h={34} w={110} mt={4} />
            ) : (
              <Text fz={34} fw={800} lh={1.15}>
                {new Intl.NumberFormat(i18n.language).format(credits)}
              </Text>
            )}
            <Anchor component={Link} to="/credit-policy" size="xs" className={classes.link}>
              {t('credits.balance.policyLink')}
            </Anchor>
          </Stack>
        </Group>
        <Button
          variant="white"
          color="violet"
          radius="xl"
          leftSection={<IconPlus size={16} />}
          onClick={() => openPayDialog({ tab: 'credits' })}
        >
          {t('credits.balance.getCredits')}
        </Button>
      </Group>
    </Card>
  );
}

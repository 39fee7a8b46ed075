import { Skeleton, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccountInfo } from '../../../shared/session/account-info';
import { useSession } from '../../../shared/session/session-store';
import classes from './credits-badge.module.css';

/** The balance in the top bar for signed-in users; it leads to the bills. */
export function CreditsBadge({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  const account = useAccountInfo({ poll: true });
  if (!signedIn) return null;

  const credits = account.data?.credits;
  const label =
    credits === undefined
      ? t('credits.badge.loading')
      : t('credits.badge.label', { count: credits });
  return (
    <Tooltip label={t('credits.badge.tooltip')} withArrow disabled={compact}>
      <UnstyledButton
        component={Link}
        to="/account/credits"
        className={classes.badge}
        data-compact={compact || undefined}
        aria-label={label}
      >
        <IconCoins size={compact ? 15 : 17} stroke={1.8} className={classes.icon} aria-hidden />
        {credits === undefined ? (
          <Skeleton h={12} w={28} radius="xl" />
        ) : (
          <Text component="span" fw={700} fz={compact ? 12 : 14} lh={1} className={classes.value}>
            {new Intl.NumberFormat(i18n.language, {
              // Phones get "4K" from 1,000 so the top bar fits 360 px; the label keeps the exact sum.
              notation: credits >= (compact ? 1_000 : 100_000) ? 'compact' : 'standard',
              maximumFractionDigits: 1,
            }).format(credits)}
          </Text>
        )}
      </UnstyledButton>
    </Tooltip>
  );
}

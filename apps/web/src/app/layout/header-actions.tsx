import { Group } from '@mantine/core';
import { CreditsBadge } from '../../features/credits/components/credits-badge';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { PlanChip } from '../../features/membership/components/plan-chip';
import { AccountButton } from './account-button';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

export function HeaderActions({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <LanguageSwitcher compact={compact} />
      <ThemeToggle compact={compact} />
      <PlanChip compact={compact} />
      <CreditsBadge compact={compact} />
      <NotificationBell compact={compact} />
      <AccountButton compact={compact} />
    </Group>
  );
}

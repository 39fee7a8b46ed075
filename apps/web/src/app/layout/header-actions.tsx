import { Group } from '@mantine/core';
import { CreditsBadge } from '../../features/credits/components/credits-badge';
import { AccountButton } from './account-button';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

export function HeaderActions({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <LanguageSwitcher compact={compact} />
      <ThemeToggle compact={compact} />
      <CreditsBadge compact={compact} />
      <AccountButton compact={compact} />
    </Group>
  );
}

import { Group } from '@mantine/core';
import { useSession } from '../../shared/session/session-store';
import { lazyWhenWanted } from '../../shared/ui/lazy-when-wanted';
import { AccountButton } from './account-button';
import { LanguageSwitcher } from './language-switcher';
import { ThemeToggle } from './theme-toggle';

// A visitor's first page carries none of the signed-in widgets' code (account queries, the
// notification drawer); they load once someone signs in.
const MemberActions = lazyWhenWanted(
  () => import('./member-actions').then((m) => m.MemberActions),
  () => useSession((s) => s.user !== null),
);

export function HeaderActions({ compact = false }: { compact?: boolean }) {
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="nowrap">
      <LanguageSwitcher compact={compact} />
      <ThemeToggle compact={compact} />
      <MemberActions compact={compact} />
      <AccountButton compact={compact} />
    </Group>
  );
}

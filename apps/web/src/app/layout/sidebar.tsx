import { NavLink, Stack, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { visibleNavItems } from './nav-items';
import { useSelectedPageKey } from './use-selected-page-key';

/** The sidebar list; `collapsed` shows icons only (the store's opened flag off). */
export function Sidebar({
  collapsed,
  onNavigate,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const pageKey = useSelectedPageKey();
  const setPageKey = useSession((s) => s.setPageKey);
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const isSignedIn = useSession((s) => s.user !== null);

  return (
    <Stack gap={4}>
      {visibleNavItems(isAdmin, isSignedIn).map((item) => {
        const label = t(item.labelKey);
        const link = (
          <NavLink
            key={item.key}
            component={Link}
            to={item.path}
            label={collapsed ? null : label}
            aria-label={label}
            leftSection={<item.icon size={20} stroke={1.7} />}
            rightSection={item.indicator && !collapsed ? <item.indicator /> : undefined}
            active={pageKey === item.key}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            onClick={() => {
              setPageKey(item.key);
              onNavigate?.();
            }}
          />
        );
        return collapsed ? (
          <Tooltip key={item.key} label={label} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}

import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { ActionIcon, AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '../../shared/session/session-store';
import { findHandleValue } from '../route-handle';
import { BottomNav } from './bottom-nav';
import { HeaderActions } from './header-actions';
import { Logo } from './logo';
import { navItems } from './nav-items';
import { Sidebar } from './sidebar';
import { useIsMobile } from '../../shared/hooks/use-is-mobile';

/** The main layout: header, sidebar (drawer + bottom bar on phones) and the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const matches = useMatches();
  const { pathname } = useLocation();
  const opened = useSession((s) => s.sidebar.opened);
  const setSidebarOpened = useSession((s) => s.setSidebarOpened);
  const mobileNavOpen = useSession((s) => s.mobileNavOpen);
  const setMobileNavOpen = useSession((s) => s.setMobileNavOpen);
  const routePageKey = findHandleValue(matches, 'pageKey');

  // A route opened by address selects its own entry, unless the chosen entry already shows it.
  useEffect(() => {
    const { sidebar, setPageKey } = useSession.getState();
    const selected = navItems.find((item) => item.key === sidebar.pageKey);
    if (routePageKey && selected?.path !== pathname) setPageKey(routePageKey);
  }, [pathname, routePageKey]);

  // The phone drawer covers the page, so any navigation (bottom bar included) closes it.
  useEffect(() => {
    useSession.getState().setMobileNavOpen(false);
  }, [pathname]);

  const collapsed = !opened && !isMobile;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: collapsed ? 76 : 232,
        breakpoint: MOBILE_BREAKPOINT_PX,
        collapsed: { mobile: !mobileNavOpen },
      }}
      footer={{ height: 64, collapsed: !isMobile }}
      padding={isMobile ? 'sm' : 'lg'}
    >
      <AppShell.Header px={isMobile ? 'xs' : 'md'}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {isMobile ? (
              <Burger
                opened={mobileNavOpen}
                onClick={() => setMobileNavOpen(!mobileNavOpen)}
                size="sm"
                aria-label={t('nav.toggleMenu')}
              />
            ) : (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setSidebarOpened(!opened)}
                aria-label={t(opened ? 'nav.collapse' : 'nav.expand')}
              >
                {opened ? (
                  <IconLayoutSidebarLeftCollapse size={20} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={20} />
                )}
              </ActionIcon>
            )}
            <Logo compact={isMobile} />
          </Group>
          <HeaderActions compact={isMobile} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
        <AppShell.Section grow component={ScrollArea}>
          <Sidebar collapsed={collapsed} onNavigate={() => setMobileNavOpen(false)} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>

      <AppShell.Footer p={0}>{isMobile ? <BottomNav /> : null}</AppShell.Footer>
    </AppShell>
  );
}

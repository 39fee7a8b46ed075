import {
  IconCompass,
  IconCrown,
  IconHome,
  IconLibraryPhoto,
  IconShieldLock,
  IconSparkles,
  type Icon,
} from '@tabler/icons-react';

export interface NavItem {
  /** Sidebar page key (spec §2, default `home`). */
  key: string;
  path: string;
  labelKey: string;
  icon: Icon;
  adminOnly?: boolean;
}

export const navItems: NavItem[] = [
  { key: 'home', path: '/home', labelKey: 'nav.home', icon: IconHome },
  { key: 'studio', path: '/studio', labelKey: 'nav.studio', icon: IconSparkles },
  { key: 'library', path: '/library', labelKey: 'library.nav', icon: IconLibraryPhoto },
  // Explore shares the home feed until the community feature gives it its own page.
  { key: 'explore', path: '/home', labelKey: 'nav.explore', icon: IconCompass },
  { key: 'pay', path: '/pay', labelKey: 'nav.pay', icon: IconCrown },
  { key: 'admin', path: '/admin', labelKey: 'nav.admin', icon: IconShieldLock, adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean): NavItem[] {
  return navItems.filter((item) => !item.adminOnly || isAdmin);
}

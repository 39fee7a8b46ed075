import {
  IconBell,
  IconBookmark,
  IconCircles,
  IconCompass,
  IconCrown,
  IconHome,
  IconLibraryPhoto,
  IconShieldLock,
  IconSparkles,
  IconTool,
  IconTrophy,
  type Icon,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { CampaignDot } from '../../features/community/components/campaign-dot';
import { LibraryDot } from '../../features/library/components/unread-dot';

export interface NavItem {
  /** Sidebar page key (spec §2, default `home`). */
  key: string;
  path: string;
  labelKey: string;
  icon: Icon;
  adminOnly?: boolean;
  /** Only for signed-in users (their own favorites, notifications). */
  signedInOnly?: boolean;
  /** false keeps it out of the phone's bottom bar; the menu drawer still lists it. */
  bottomBar?: boolean;
  /** A mark beside the label, e.g. the campaign dot (spec §4). */
  indicator?: ComponentType;
}

export const navItems: NavItem[] = [
  { key: 'home', path: '/home', labelKey: 'nav.home', icon: IconHome },
  { key: 'studio', path: '/studio', labelKey: 'nav.studio', icon: IconSparkles },
  {
    key: 'toolbox',
    path: '/studio/tools',
    labelKey: 'nav.toolbox',
    icon: IconTool,
    bottomBar: false,
  },
  {
    key: 'library',
    path: '/library',
    labelKey: 'library.nav',
    icon: IconLibraryPhoto,
    indicator: LibraryDot,
  },
  { key: 'explore', path: '/explore', labelKey: 'nav.explore', icon: IconCompass },
  {
    key: 'campaigns',
    path: '/campaigns',
    labelKey: 'nav.campaigns',
    icon: IconTrophy,
    bottomBar: false,
    indicator: CampaignDot,
  },
  {
    key: 'circles',
    path: '/circles',
    labelKey: 'nav.circles',
    icon: IconCircles,
    bottomBar: false,
  },
  {
    key: 'favorites',
    path: '/favorites',
    labelKey: 'nav.favorites',
    icon: IconBookmark,
    signedInOnly: true,
    bottomBar: false,
  },
  {
    key: 'notifications',
    path: '/notifications',
    labelKey: 'nav.notifications',
    icon: IconBell,
    signedInOnly: true,
    bottomBar: false,
  },
  { key: 'pay', path: '/pay', labelKey: 'nav.pay', icon: IconCrown },
  { key: 'admin', path: '/admin', labelKey: 'nav.admin', icon: IconShieldLock, adminOnly: true },
];

export function visibleNavItems(isAdmin: boolean, isSignedIn = true): NavItem[] {
  return navItems.filter(
    (item) => (!item.adminOnly || isAdmin) && (!item.signedInOnly || isSignedIn),
  );
}

import type { UserRow } from './auth.schema';

/** The role that downloads without a watermark whatever the plan (spec §6). */
export const WHITELIST_ROLE = 'whitelist';

/** Menus each role opens (spec §6: menus of all roles merge by name; admin = a menu "Admin"). */
const roleMenus: Record<string, string[]> = {
  creator: ['Studio', 'Library', 'Community', 'Membership'],
  [WHITELIST_ROLE]: ['Studio', 'Library', 'Community', 'Membership'],
  admin: ['Admin'],
};

export type RoleMenus = { role_name: string; menu_list: { menu_name: string }[] };

export function rolesOf(user: Pick<UserRow, 'roles' | 'email'>, adminEmails: string[]): string[] {
  const roles = new Set(['creator', ...user.roles]);
  if (user.email && adminEmails.includes(user.email.toLowerCase())) roles.add('admin');
  return [...roles];
}

export function roleMenuList(roles: string[]): RoleMenus[] {
  return roles.map((role) => ({
    role_name: role,
    menu_list: (roleMenus[role] ?? []).map((menu_name) => ({ menu_name })),
  }));
}

export function mergedMenus(list: RoleMenus[]): string[] {
  return [...new Set(list.flatMap((r) => r.menu_list.map((m) => m.menu_name)))];
}

export function isAdmin(list: RoleMenus[]): boolean {
  return mergedMenus(list).includes('Admin');
}

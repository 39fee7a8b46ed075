import type { LoginResult, UserInfo } from '@lumen/contracts/auth';
import { isApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { sessionStorageKeys } from '../../../shared/session/access';
import {
  broadcastSessionEvent,
  useSession,
  type SessionUser,
} from '../../../shared/session/session-store';
import { toast } from '../../../shared/ui/toast';
import { login, type LoginCredentials } from '../api/login';
import { getUserInfo } from '../api/user-info';
import { offerAgeQuestion } from '../age-prompt';
import { offerSurvey } from '../survey-prompt';

type RoleMenus = LoginResult['role_menu_list'];

/** Spec §6: menus from all roles merge by name; a menu named Admin makes an admin. */
export function mergeRoleMenus(roles: RoleMenus): { roleList: string[]; menuList: string[] } {
  const menuList = [
    ...new Set(roles.flatMap((role) => role.menu_list.map((menu) => menu.menu_name))),
  ];
  return { roleList: roles.map((role) => role.role_name), menuList };
}

function storeProfile(user: SessionUser): void {
  const values: Record<string, string> = {
    [sessionStorageKeys.username]: user.username,
    [sessionStorageKeys.nickname]: user.nickname,
    [sessionStorageKeys.userId]: user.userId,
    [sessionStorageKeys.avatar]: user.avatar,
  };
  for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
}

export function sessionUserFromInfo(info: UserInfo): SessionUser {
  const menuList = [...new Set(info.menuList)];
  return {
    userId: String(info.userId),
    username: info.username,
    nickname: info.nickname,
    avatar: info.avatar,
    menuList,
    roleList: info.roleList,
    isAdmin: info.isAdmin || menuList.includes('Admin'),
  };
}

/** Keeps the session in step with the server's view of the user. */
export function applyUserInfo(info: UserInfo): SessionUser {
  const user = sessionUserFromInfo(info);
  storeProfile(user);
  useSession.getState().setUser(user);
  return user;
}

/**
 * Spec §4 "reload user info" after a sign-in here or in another tab. A failure leaves the
 * session as the login answer described it; the API client has already said why.
 */
export async function reloadUserInfo(): Promise<void> {
  try {
    applyUserInfo(await getUserInfo({ quiet: true }));
  } catch (error) {
    if (!isApiError(error)) console.error(error);
  }
}

/**
 * Spec §4 "login success": keeps the ticket and profile in local storage (the server sets the
 * cookies), fills the session with roles and menus, closes the dialog, tells other tabs,
 * offers the collect-account wizard and reloads the user info.
 */
export function completeSignIn(result: LoginResult): SessionUser {
  const { roleList, menuList } = mergeRoleMenus(result.role_menu_list);
  const user: SessionUser = {
    userId: String(result.id),
    username: result.username,
    nickname: result.nickname,
    avatar: result.avatar,
    menuList,
    roleList,
    isAdmin: menuList.includes('Admin'),
  };
  window.localStorage.setItem(sessionStorageKeys.ticket, result.ticket);
  window.localStorage.setItem(sessionStorageKeys.refreshToken, result.refresh_token);
  storeProfile(user);
  const session = useSession.getState();
  session.setUser(user);
  session.syncRefreshCredential();
  session.closeLogin();
  broadcastSessionEvent('login');
  offerSurvey();
  offerAgeQuestion(user.userId, { showStatus: true });
  void reloadUserInfo();
  return user;
}

/** After a profile change: this tab shows the new names at once, other tabs re-read them. */
export function updateSessionNames(
  names: Partial<{ username: string; nickname: string; avatar: string }>,
): void {
  const current = useSession.getState().user;
  if (!current) return;
  const user = { ...current, ...names };
  storeProfile(user);
  useSession.getState().setUser(user);
  broadcastSessionEvent('account-update');
}

/** Signs in by any method and says so (spec §8 'Login successful!'). */
export async function signInWith(
  credentials: LoginCredentials,
  options: { silent?: boolean } = {},
): Promise<void> {
  completeSignIn(await login(credentials, options));
  toast({ type: 'success', message: i18n.t('login.success') });
}

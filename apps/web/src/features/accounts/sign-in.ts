import { sessionStorageKeys } from '../../shared/session/access';
import { broadcastSessionEvent, useSession, type SessionUser } from '../../shared/session/session-store';

type Fields = Record<string, unknown>;

function pickString(source: Fields, ...keys: string[]): string {
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

/** Menus merge by name across roles (spec §6); either a list of names or of `{ name }`. */
function pickMenuNames(source: Fields): string[] {
  const raw = source.menuList ?? source.menu_list ?? source.menus;
  if (!Array.isArray(raw)) return [];
  const names = raw.map((item: unknown) =>
    typeof item === 'string' ? item : typeof item === 'object' && item !== null ? pickString(item as Fields, 'name') : '',
  );
  return [...new Set(names.filter(Boolean))];
}

/**
 * Spec §4 "login success": keeps the ticket, refresh token and profile in local storage and
 * fills the session. Reads the login answer loosely because its exact shape belongs to the
 * accounts API; anything missing stays empty rather than failing the sign-in.
 */
export function completeSignIn(result: unknown): SessionUser {
  const source: Fields = typeof result === 'object' && result !== null ? (result as Fields) : {};
  const nested = typeof source.user === 'object' && source.user !== null ? (source.user as Fields) : source;
  const menuList = pickMenuNames(nested).length ? pickMenuNames(nested) : pickMenuNames(source);
  const user: SessionUser = {
    userId: pickString(nested, 'userId', 'user_id', 'id', 'uid'),
    username: pickString(nested, 'username', 'user_name'),
    nickname: pickString(nested, 'nickname', 'nick_name'),
    avatar: pickString(nested, 'avatar'),
    menuList,
    isAdmin: menuList.includes('Admin'),
  };
  const stored: Record<string, string> = {
    [sessionStorageKeys.ticket]: pickString(source, 'ticket', 'token'),
    [sessionStorageKeys.refreshToken]: pickString(source, 'refresh_token', 'refreshToken'),
    [sessionStorageKeys.username]: user.username,
    [sessionStorageKeys.nickname]: user.nickname,
    [sessionStorageKeys.userId]: user.userId,
    [sessionStorageKeys.avatar]: user.avatar,
  };
  for (const [key, value] of Object.entries(stored)) {
    if (value) window.localStorage.setItem(key, value);
  }
  const session = useSession.getState();
  session.setUser(user);
  session.syncRefreshCredential();
  session.closeLogin();
  broadcastSessionEvent('login');
  return user;
}

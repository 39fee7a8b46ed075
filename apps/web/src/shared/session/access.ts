/**
 * Address rules of spec §2 that both the route guard and the API client apply.
 *
 * The spec says the login dialog never opens on "competition pages or regional event pages"
 * without naming their paths; these words are the ones those pages' addresses will carry.
 */
export const loginSuppressingWords = ['competition', 'regional-event'] as const;

export function isLoginSuppressed(address: string): boolean {
  const lower = address.toLowerCase();
  return loginSuppressingWords.some((word) => lower.includes(word));
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** localStorage keys written at sign-in and cleared at logout (spec §4). */
export const sessionStorageKeys = {
  ticket: 'ticket',
  refreshToken: 'refresh_token',
  username: 'username',
  nickname: 'nickname',
  userId: 'userId',
  avatar: 'avatar',
  invitationCode: 'invitation_code',
} as const;

export type SessionStorageKey = (typeof sessionStorageKeys)[keyof typeof sessionStorageKeys];

/** A stored session value, or null; storage can be blocked (private mode, sandboxed frames). */
export function readStoredValue(key: SessionStorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readRefreshCredential(): boolean {
  // Blocked storage reads as signed out.
  return Boolean(readStoredValue(sessionStorageKeys.refreshToken));
}

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

export function readRefreshCredential(): boolean {
  try {
    return Boolean(window.localStorage.getItem(sessionStorageKeys.refreshToken));
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): treat it as signed out.
    return false;
  }
}

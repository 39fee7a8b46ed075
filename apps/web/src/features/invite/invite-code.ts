import { sessionStorageKeys } from '../../shared/session/access';

/** Query parameters an invite link may carry: the server's `invitation_code`, or `invite`. */
export const INVITE_PARAMS = ['invitation_code', 'invite'] as const;
const MAX_LENGTH = 64;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * Keeps an invite code where sign-in finds it (spec §4: an invitation code in storage goes along
 * with the login as `channel_id`, or `invitationcode` for `ph`). A later link replaces an
 * earlier one; logout clears it. Returns whether a code was stored.
 */
export function storeInviteCode(code: string | null | undefined): boolean {
  const value = code?.trim() ?? '';
  if (!value || value.length > MAX_LENGTH || !CODE_PATTERN.test(value)) return false;
  try {
    window.localStorage.setItem(sessionStorageKeys.invitationCode, value);
    return true;
  } catch {
    // Blocked storage: the visitor signs up without the invitation.
    return false;
  }
}

/** Stores the invite code of an address (`?invitation_code=` or `?invite=`), if it has one. */
export function captureInviteCode(search: string): boolean {
  const params = new URLSearchParams(search);
  return INVITE_PARAMS.some((name) => storeInviteCode(params.get(name)));
}

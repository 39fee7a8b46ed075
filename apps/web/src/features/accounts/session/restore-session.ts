import { ErrorCode } from '@lumen/contracts/error-codes';
import { isApiError } from '../../../shared/api/api-error';
import { readStoredValue, sessionStorageKeys } from '../../../shared/session/access';
import { useSession } from '../../../shared/session/session-store';
import { getUserInfo } from '../api/user-info';
import { offerAgeQuestion } from '../age-prompt';
import { applyUserInfo } from './sign-in';

/** Answers that mean the stored session is over, not that the server is unreachable. */
const sessionOverCodes: readonly number[] = [ErrorCode.loginRequired, ErrorCode.refreshRejected];

/**
 * Spec §4 start-up: with a stored username and ticket, the user info is loaded again (the
 * client refreshes an expired ticket on the way). A session the server no longer knows ends
 * quietly; the route guard asks for a sign-in where the page needs one. A network failure
 * keeps the stored session for the next call.
 */
export async function restoreSession(): Promise<'restored' | 'signed-out' | 'kept' | 'none'> {
  const username = readStoredValue(sessionStorageKeys.username);
  const ticket = readStoredValue(sessionStorageKeys.ticket);
  if (!username || !ticket) return 'none';
  try {
    const user = applyUserInfo(await getUserInfo({ quiet: true }));
    useSession.getState().syncRefreshCredential();
    // An account made before the age question, or that closed the page before answering,
    // is asked on its first use.
    offerAgeQuestion(user.userId, { showStatus: false });
    return 'restored';
  } catch (error) {
    if (isApiError(error) && (error.httpStatus === 401 || sessionOverCodes.includes(error.code))) {
      useSession.getState().logout({ openLogin: false });
      return 'signed-out';
    }
    return 'kept';
  }
}

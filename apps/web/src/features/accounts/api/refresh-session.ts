import { HTTP_TIMEOUT_MS, SESSION_MAX_AGE_S } from '@lumen/contracts/constants';
import { refreshResultSchema } from '@lumen/contracts/auth';
import { ErrorCode } from '@lumen/contracts/error-codes';
import { getCurrentLanguage } from '../../../shared/i18n/i18n';
import { readStoredValue, sessionStorageKeys } from '../../../shared/session/access';
import { useSession } from '../../../shared/session/session-store';

/** Tabs of one browser share this lock so a refresh token is never spent twice. */
export const REFRESH_LOCK_NAME = 'lumen-refresh';

/**
 * `GET /prod-api/user/apikey2token`. Calls fetch itself rather than the API client: the client
 * waits for this very refresh when it sees HTTP 401, so going through it could wait forever.
 */
async function exchange(refreshToken: string): Promise<boolean> {
  const controller = new AbortController();
  const timeout = window.setTimeout(() => controller.abort(), HTTP_TIMEOUT_MS);
  try {
    const response = await fetch(`/prod-api/user/apikey2token?max_age=${SESSION_MAX_AGE_S}`, {
      credentials: 'include',
      headers: {
        'Refresh-Token': refreshToken,
        'X-accept-language': getCurrentLanguage(),
        'X-Client-Platform': 'web',
      },
      signal: controller.signal,
    });
    const body = (await response.json()) as { code?: unknown; result?: unknown };
    if (body.code !== ErrorCode.success) return false;
    const rotated = refreshResultSchema.parse(body.result);
    // The old refresh token is now spent (reusing it answers 3035 and ends the session).
    window.localStorage.setItem(sessionStorageKeys.ticket, rotated.ticket);
    window.localStorage.setItem(sessionStorageKeys.refreshToken, rotated.refresh_token);
    useSession.getState().syncRefreshCredential();
    return true;
  } catch {
    return false;
  } finally {
    window.clearTimeout(timeout);
  }
}

function lockManager(): LockManager | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
}

/**
 * The session refresher the API client calls on HTTP 401 (spec §8). Within one tab the client
 * already shares a single call among a burst of failures; across tabs a Web Lock serialises
 * the refresh, and a tab that waited re-reads storage: if another tab rotated the token in the
 * meantime, the new ticket is already stored and there is nothing left to do.
 */
export async function refreshSession(): Promise<boolean> {
  const seen = readStoredValue(sessionStorageKeys.refreshToken);
  if (!seen) return false;
  const run = async (): Promise<boolean> => {
    const current = readStoredValue(sessionStorageKeys.refreshToken);
    if (!current) return false;
    if (current !== seen) return true;
    return exchange(current);
  };
  const locks = lockManager();
  return locks ? locks.request(REFRESH_LOCK_NAME, run) : run();
}

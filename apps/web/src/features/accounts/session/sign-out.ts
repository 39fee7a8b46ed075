import { useSession } from '../../../shared/session/session-store';
import { postLogout } from '../api/logout';

/**
 * Spec §4 logout: the server revokes this device's session first (it needs the ticket), then
 * the local state is cleared and other tabs are told. A server that cannot be reached does not
 * keep the user signed in here.
 */
export async function signOut(options: { openLogin?: boolean } = {}): Promise<void> {
  try {
    await postLogout();
  } catch {
    // Local sign-out goes ahead; the ticket expires on its own.
  }
  useSession.getState().logout({ openLogin: options.openLogin ?? true });
}

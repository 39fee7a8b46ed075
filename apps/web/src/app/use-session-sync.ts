import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { reloadUserInfo } from '../features/accounts/session/sign-in';
import { readRefreshCredential, sessionStorageKeys } from '../shared/session/access';
import { subscribeSessionEvents, useSession } from '../shared/session/session-store';
import { resolveAccess } from './route-handle';

/**
 * Spec §4 cross-tab rules: when another tab logs out, this one reloads if it shows a public
 * page and otherwise goes to /studio; a login elsewhere makes this tab re-read the session and
 * reload the user info; an account update elsewhere re-reads the saved profile.
 */
export function useSessionSync(): void {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const isPublic = useRef(true);
  const leaving = useRef(false);
  const signOutAfterLeaving = useRef<(() => void) | null>(null);
  const currentIsPublic = resolveAccess(matches, location.pathname) === 'public';
  useEffect(() => {
    isPublic.current = currentIsPublic;
  }, [currentIsPublic]);

  // Runs once the page left for /studio is off the screen (see `followLogout`).
  useEffect(() => {
    const signOut = signOutAfterLeaving.current;
    signOutAfterLeaving.current = null;
    signOut?.();
  }, [location.pathname]);

  useEffect(() => {
    // The broadcast and the storage event both announce a logout elsewhere; the first one acts.
    const followLogout = () => {
      const { user, hasRefreshCredential } = useSession.getState();
      if (leaving.current || (!user && !hasRefreshCredential)) return;
      leaving.current = true;
      const signOutHere = () => {
        useSession.getState().logout({ openLogin: false, broadcast: false });
        leaving.current = false;
      };
      if (isPublic.current) {
        signOutHere();
        window.location.reload();
        return;
      }
      // Leave the guarded page first and end the session only once /studio is on the screen
      // (its page code may still have to be downloaded), or the route guard would see no
      // session on the guarded page and open the login dialog meant for the other tab.
      signOutAfterLeaving.current = signOutHere;
      void navigate('/studio', { replace: true });
    };

    const unsubscribe = subscribeSessionEvents((type) => {
      const session = useSession.getState();
      if (type === 'login') {
        void useSession.persist.rehydrate();
        session.syncRefreshCredential();
        session.closeLogin();
        void reloadUserInfo();
      } else if (type === 'account-update') {
        void useSession.persist.rehydrate();
      } else {
        followLogout();
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== sessionStorageKeys.refreshToken) return;
      if (readRefreshCredential()) useSession.getState().syncRefreshCredential();
      else followLogout();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);
}

import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { sessionStorageKeys } from '../shared/session/access';
import { subscribeSessionEvents, useSession } from '../shared/session/session-store';
import { resolveAccess } from './route-handle';

/**
 * Spec §4 cross-tab rules: when another tab logs out, this one reloads if it shows a public
 * page and otherwise goes to /studio; a login elsewhere makes this tab re-read the session.
 */
export function useSessionSync(): void {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const isPublic = useRef(true);
  const currentIsPublic = resolveAccess(matches, location.pathname) === 'public';
  useEffect(() => {
    isPublic.current = currentIsPublic;
  }, [currentIsPublic]);

  useEffect(() => {
    const unsubscribe = subscribeSessionEvents((type) => {
      const session = useSession.getState();
      if (type === 'login') {
        void useSession.persist.rehydrate();
        session.syncRefreshCredential();
        return;
      }
      session.logout({ openLogin: false, broadcast: false });
      if (isPublic.current) window.location.reload();
      else void navigate('/studio', { replace: true });
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === sessionStorageKeys.refreshToken) {
        useSession.getState().syncRefreshCredential();
      }
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);
}

import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useSession } from '../shared/session/session-store';
import { decideAccess, resolveAccess } from './route-handle';

/**
 * Spec §2: a visitor on a non-public route is sent to /, logged out and shown the login
 * dialog (unless the address is a competition or regional event page); a non-admin in the
 * admin area is sent to / only.
 */
export function RouteGuard() {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const hasRefreshCredential = useSession((s) => s.hasRefreshCredential);
  const decision = decideAccess(resolveAccess(matches, location.pathname), {
    hasRefreshCredential,
    isSignedIn: user !== null,
    isAdmin: user?.isAdmin ?? false,
  });

  useEffect(() => {
    if (decision === 'allow') return;
    if (decision === 'login') {
      const attempted = `${window.location.origin}${location.pathname}${location.search}`;
      useSession.getState().logout({ openLogin: true, address: attempted });
    }
    void navigate('/', { replace: true });
  }, [decision, location.pathname, location.search, navigate]);

  return decision === 'allow' ? <Outlet /> : null;
}

import { useMatches } from 'react-router';
import { useHydrated } from '../../shared/hooks/use-hydrated';
import { useSession } from '../../shared/session/session-store';
import { findHandleValue } from '../route-handle';

/**
 * The navigation entry to show as selected. A prerendered page selects its own route's entry;
 * the entry remembered in the session store applies once the app has hydrated, as it does at
 * once when the app renders without prerendered HTML.
 */
export function useSelectedPageKey(): string {
  const stored = useSession((s) => s.sidebar.pageKey);
  const routePageKey = findHandleValue(useMatches(), 'pageKey');
  return useHydrated() ? stored : (routePageKey ?? stored);
}

import type { UIMatch } from 'react-router';
import { isAdminPath } from '../shared/session/access';

/** What a route declares about itself through its `handle`. */
export interface RouteHandle {
  /** Visitors may open it; everything else needs a session (spec §2). */
  public?: boolean;
  /** Marks the admin area for routes outside /admin (the spec's "meta url admin"). */
  url?: 'admin';
  /** Sidebar page key to select while the route is shown. */
  pageKey?: string;
  /** i18n key of the document title. */
  titleKey?: string;
}

export type RouteAccess = 'public' | 'session' | 'admin';

function handleOf(match: UIMatch): RouteHandle {
  return (match.handle ?? {}) as RouteHandle;
}

/** The deepest route that says something wins, so a layout's default can be overridden. */
export function findHandleValue<K extends keyof RouteHandle>(
  matches: UIMatch[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match) {
      const value = handleOf(match)[key];
      if (value !== undefined) return value;
    }
  }
  return undefined;
}

export function resolveAccess(matches: UIMatch[], pathname: string): RouteAccess {
  if (isAdminPath(pathname) || matches.some((m) => handleOf(m).url === 'admin')) return 'admin';
  return findHandleValue(matches, 'public') ? 'public' : 'session';
}

export type GuardDecision = 'allow' | 'login' | 'home';

/** Spec §2: a session means a stored refresh credential and a signed-in user. */
export function decideAccess(
  access: RouteAccess,
  session: { hasRefreshCredential: boolean; isSignedIn: boolean; isAdmin: boolean },
): GuardDecision {
  if (access === 'public') return 'allow';
  if (!session.hasRefreshCredential || !session.isSignedIn) return 'login';
  if (access === 'admin' && !session.isAdmin) return 'home';
  return 'allow';
}

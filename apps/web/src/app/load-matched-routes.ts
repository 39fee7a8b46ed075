import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Resolves the lazy routes that match `location` in place, so a router created afterwards has
 * the page at hand and renders it on its first pass, as the prerenderer did.
 */
export async function loadMatchedRoutes(
  location: Pick<Location, 'pathname'>,
  tree: RouteObject[] = routes,
): Promise<void> {
  const matches = matchRoutes(tree, location.pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

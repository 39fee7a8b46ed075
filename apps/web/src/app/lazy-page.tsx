import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui/page-loader';
import { RouteErrorPage } from './route-error-page';

type LazyPageRoute = Pick<RouteObject, 'lazy' | 'hydrateFallbackElement' | 'errorElement'>;

/**
 * A route page whose code is a chunk of its own, downloaded when the route is first visited.
 * Only the page comes from the chunk: the route's `handle` (title, guard, sidebar key) stays in
 * the route definition, so the layout and the guard read it before the page has arrived.
 * On a later navigation the router keeps the current page up until the chunk is in; on the
 * first load the layout shows the loader in the page's place. A chunk that fails to download
 * (say, an old tab after a deploy) shows the route error page, with its reload button, inside
 * the layout.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  render: (module: M) => ReactElement,
): LazyPageRoute {
  return {
    lazy: async () => ({ element: render(await load()) }),
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteErrorPage />,
  };
}

import './app/zod-config';
import type { Language } from '@lumen/contracts/i18n';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { pageDataSchema, seedPageData } from './app/page-data';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import type { RouteHandle } from './app/route-handle';
import { routes } from './app/routes';
import { setPrerenderViewport, type PrerenderViewport } from './shared/hooks/use-is-mobile';
import { changeLanguage, i18n } from './shared/i18n/i18n';

export interface PrerenderedPage {
  /** The markup that goes inside `#root`. */
  html: string;
  /** The page's title, as the app sets it once it runs. */
  title: string;
}

/**
 * Renders a public page the way a visitor's app renders it, for the build to write out as HTML
 * (scripts/prerender.mjs) before any data has arrived, or for the server to render per request
 * with the data it read (`data`, which the server embeds beside the markup for the app to start
 * from). The app hydrates this markup, so it must come from the same components and the same
 * starting state: the session store's initial state (no user, the sidebar open), the route's own
 * navigation entry selected, the language and viewport the HTML is labelled with, and the data.
 */
export async function prerenderPage(
  url: string,
  language: Language,
  viewport: PrerenderViewport,
  data?: unknown,
): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  if (data !== undefined) seedPageData(queryClient, pageDataSchema.parse(data));
  await changeLanguage(language);
  setPrerenderViewport(viewport);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${url} redirects; it cannot be prerendered`);
  const handles = context.matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
  // The deepest route that says something wins, as in the app's findHandleValue.
  const titleKey = handles.findLast((handle) => handle.titleKey)?.titleKey;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  const title = titleKey ? `${i18n.t(titleKey)} · Lumen` : `Lumen · ${i18n.t('landing.tagline')}`;
  return { html, title };
}

export { PAGE_BOOT_SCRIPT } from '@lumen/contracts/page-boot';

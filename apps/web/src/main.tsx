import './app/zod-config';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { getCurrentLanguage, i18nReady } from './shared/i18n/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadMatchedRoutes } from './app/load-matched-routes';
import { readPageData, seedPageData } from './app/page-data';
import { createQueryClient } from './app/query-client';
import { ReplayHeldClick } from './app/replay-held-click';
import { useSession } from './shared/session/session-store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// A page the server rendered with its data carries that data: the app starts from it rather
// than fetching it again.
const queryClient = createQueryClient();
const pageData = readPageData(document);
if (pageData) seedPageData(queryClient, pageData);

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
    <ReplayHeldClick />
  </StrictMode>
);

/**
 * A prerendered page (scripts/prerender.mjs) is hydrated when it is what this browser's app
 * renders: the head's boot script found the language, session and sidebar it was made for, and
 * the app agrees on the language. Otherwise the app renders afresh in its place; the boot
 * script has kept the stale markup hidden meanwhile.
 */
function canHydrate(): boolean {
  const root = document.documentElement;
  return (
    root.dataset.prerendered === 'fresh' &&
    root.lang === getCurrentLanguage() &&
    useSession.getState().user === null
  );
}

// The first render waits for the visitor's catalogue when it is not English: no English flash.
void i18nReady.then(async () => {
  if (canHydrate()) {
    try {
      // The page's own chunk must be in before hydrating, or the router would render its loader.
      await loadMatchedRoutes(window.location);
      // As a transition, hydration yields to the browser every few milliseconds: the page is
      // already on screen, so there is no hurry that would justify one long blocking task.
      startTransition(() => {
        hydrateRoot(container, app);
      });
      return;
    } catch {
      // A chunk that cannot be fetched: the fresh render below shows the route's error page.
    }
  }
  container.replaceChildren();
  delete document.documentElement.dataset.prerendered;
  createRoot(container).render(app);
});

import { MOBILE_BREAKPOINT_PX } from '@lumen/contracts/constants';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** The viewport a page is prerendered for; the HTML records it as `data-viewport`. */
export type PrerenderViewport = 'mobile' | 'desktop';
let prerenderViewport: PrerenderViewport | null = null;

/** Sets the viewport the prerenderer renders for (it has no window to measure). */
export function setPrerenderViewport(viewport: PrerenderViewport): void {
  prerenderViewport = viewport;
}

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(query).matches;
}

/**
 * What the prerendered HTML assumed: hydration starts from it so the markup matches, and React
 * re-renders at once when the real viewport differs.
 */
function getServerSnapshot(): boolean {
  if (prerenderViewport) return prerenderViewport === 'mobile';
  return typeof document !== 'undefined' && document.documentElement.dataset.viewport === 'mobile';
}

/** Spec §9: the mobile layout applies below 512 px. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

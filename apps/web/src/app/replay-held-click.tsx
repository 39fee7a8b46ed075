import { useEffect } from 'react';

declare global {
  interface Window {
    /** A button pressed on a prerendered page before the app took it over (the boot script). */
    __lumenPendingClick?: HTMLElement;
  }
}

/**
 * Once the app has hydrated a prerendered page, it marks the page as its own (the boot script
 * then lets presses through) and presses again the button the visitor pressed before, so an
 * early "Sign in" opens its dialog instead of doing nothing.
 */
export function ReplayHeldClick() {
  useEffect(() => {
    const root = document.documentElement;
    if (root.dataset.prerendered !== 'fresh') return;
    root.dataset.prerendered = 'hydrated';
    const held = window.__lumenPendingClick;
    delete window.__lumenPendingClick;
    if (held?.isConnected) held.click();
  }, []);
  return null;
}

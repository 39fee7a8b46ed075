import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates prerendered HTML, true after, and true from the start when the app
 * renders without prerendered HTML. Anything that reads the browser's storage (the colour
 * scheme) renders its prerendered state until then, so hydration finds the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

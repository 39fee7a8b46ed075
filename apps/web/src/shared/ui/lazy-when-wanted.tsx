import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A component that every page keeps mounted but few visits need (the sign-in, pay, publish,
 * trial and survey dialogs; the alerts that only signed-in users get), with its code in a chunk
 * of its own that is downloaded the first time `useWanted` says it is wanted. Until then it
 * renders nothing, so the first visit carries neither its code nor the form components only it
 * uses. Once loaded it stays mounted, so a dialog's closing transition plays and reopening is
 * immediate. A chunk that cannot be downloaded reaches the route's error page, whose Reload
 * button fetches the current build.
 */
export function lazyWhenWanted<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  useWanted: () => boolean,
): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyWhenWanted(props: P) {
    const wanted = useWanted();
    const [loaded, setLoaded] = useState(false);
    // Updating this component's own state while rendering: React re-renders it at once.
    if (wanted && !loaded) setLoaded(true);
    if (!wanted && !loaded) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWhenWanted;
}

import { useEffect, useState } from 'react';

/** A picture decoded for the canvas; null until it has loaded (or when it cannot). */
export function useHtmlImage(url: string | null): HTMLImageElement | null {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    const element = new window.Image();
    element.onload = () => {
      if (current) setLoaded({ url, image: element });
    };
    element.src = url;
    return () => {
      current = false;
    };
  }, [url]);
  // A picture decoded for an earlier address is not shown for a new one.
  return loaded && loaded.url === url ? loaded.image : null;
}

import { Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import type { Backdrop } from '../library-items';
import type { LibraryKind } from '../library-kinds';
import classes from './media-viewer.module.css';

interface MediaViewerProps {
  kind: LibraryKind;
  url: string | null;
  thumbUrl: string | null;
  alt: string;
  /** Drawn over the work, e.g. the arrows to the run's other outputs. */
  overlay?: ReactNode;
  /** What shows through a transparent picture; the dark stage when unset. */
  backdrop?: Backdrop;
}

// three.js is large; only 3D works load it.
const ModelViewer = lazy(() =>
  import('../../../shared/ui/model-viewer').then((m) => ({ default: m.ModelViewer })),
);

/** The work at full size: an image, a video player, or a 3D model to turn around. */
export function MediaViewer({ kind, url, thumbUrl, alt, overlay, backdrop }: MediaViewerProps) {
  if (kind === '3d' && url) {
    return (
      <div className={classes.stage}>
        <div className={classes.model}>
          <Suspense fallback={<Loader size="sm" />}>
            <ModelViewer url={url} poster={thumbUrl} label={alt} />
          </Suspense>
        </div>
        {overlay}
      </div>
    );
  }
  if (kind === 'video' && url) {
    return (
      <div className={classes.stage}>
        <video
          src={url}
          poster={thumbUrl ?? undefined}
          className={classes.media}
          controls
          autoPlay
          muted
          loop
          playsInline
        />
        {overlay}
      </div>
    );
  }
  const src = url ?? thumbUrl;
  return (
    <div className={classes.stage} data-backdrop={backdrop}>
      {src ? <img src={src} alt={alt} className={classes.media} /> : null}
      {overlay}
    </div>
  );
}

import type { Work } from '@lumen/contracts/community';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import classes from './work-media.module.css';

// three.js is large; only 3D works load it.
const ModelViewer = lazy(() =>
  import('../../../shared/ui/model-viewer').then((m) => ({ default: m.ModelViewer })),
);

/** The work at full size: an image, a video player, or an orbitable 3D model. */
export function WorkMedia({ work, label }: { work: Pick<Work, 'kind' | 'media'>; label: string }) {
  const { media } = work;
  if (work.kind === 'video') {
    return (
      <div className={classes.stage}>
        <video
          className={classes.video}
          src={media.url}
          poster={media.poster_url ?? media.thumb_url}
          controls
          autoPlay
          muted
          loop
          playsInline
          aria-label={label}
        />
      </div>
    );
  }
  if (work.kind === '3d') {
    return (
      <div className={classes.stage}>
        <div className={classes.model}>
          <Suspense fallback={<Loader size="sm" />}>
            <ModelViewer
              url={media.url}
              poster={media.poster_url ?? media.thumb_url}
              label={label}
            />
          </Suspense>
        </div>
      </div>
    );
  }
  return (
    <div className={classes.stage}>
      <img
        className={classes.image}
        src={media.url}
        alt={label}
        width={media.width ?? undefined}
        height={media.height ?? undefined}
      />
    </div>
  );
}

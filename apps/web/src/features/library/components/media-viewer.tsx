import { Badge, Stack, Text } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LibraryKind } from '../library-kinds';
import classes from './media-viewer.module.css';

interface MediaViewerProps {
  kind: LibraryKind;
  url: string | null;
  thumbUrl: string | null;
  alt: string;
}

/** The work at full size; 3D shows its rendered poster, the GLB itself comes by download. */
export function MediaViewer({ kind, url, thumbUrl, alt }: MediaViewerProps) {
  const { t } = useTranslation();
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
      </div>
    );
  }
  const src = kind === '3d' ? (thumbUrl ?? null) : (url ?? thumbUrl);
  return (
    <div className={classes.stage}>
      {src ? <img src={src} alt={alt} className={classes.media} /> : null}
      {kind === '3d' ? (
        <Stack gap={4} className={classes.modelNote} align="center">
          <Badge leftSection={<IconBox size={12} />} variant="white" color="dark">
            {t('library.detail.modelBadge')}
          </Badge>
          <Text size="xs" c="white" ta="center">
            {t('library.detail.modelHint')}
          </Text>
        </Stack>
      ) : null}
    </div>
  );
}

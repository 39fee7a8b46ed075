import {
  ActionIcon,
  Badge,
  Checkbox,
  Loader,
  Progress,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBox, IconEdit, IconPhotoOff, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { editorPath } from '../../../shared/editor-path';
import { taskTypeName } from '../../../shared/i18n/task-type-name';
import { LivePreview } from '../../../shared/ui/live-preview';
import previewClasses from '../../../shared/ui/live-preview.module.css';
import type { LibraryItem } from '../library-items';
import classes from './media-tile.module.css';

interface MediaTileProps {
  item: LibraryItem;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
}

/** A square thumbnail; videos play muted on hover, as a preview of what opening them shows. */
export function MediaTile({ item, selecting, selected, onToggle, onOpen }: MediaTileProps) {
  const { t } = useTranslation();
  const [hovering, setHovering] = useState(false);
  const [broken, setBroken] = useState(false);
  // A tool run (a cut-out, an enlargement) has no prompt: its task type says what it is.
  const caption = item.prompt || (item.taskType ? taskTypeName(t, item.taskType) : '');
  const label = caption || t(`library.kindLabels.${item.kind}`);

  if (item.key === null) {
    const queued = item.status === 'queued';
    const place = item.queuePosition ?? 0;
    const progress = item.progress ?? 0;
    const status =
      queued && place > 0
        ? t('library.detail.queued', { position: place })
        : !queued && progress > 0
          ? t('library.detail.generating', { progress })
          : t(`library.status.${item.status}`);
    return (
      <UnstyledButton
        className={`${classes.tile} ${previewClasses.shimmer}`}
        data-pending
        onClick={selecting ? undefined : onOpen}
        disabled={selecting}
        aria-label={`${label}: ${status}`}
      >
        {!queued && item.taskId ? <LivePreview taskId={item.taskId} progress={progress} /> : null}
        <Stack align="center" justify="center" gap={8} h="100%" p="sm" pos="relative">
          <Loader size="sm" />
          <Text size="xs" c="dimmed" ta="center" role="status">
            {status}
          </Text>
          {queued ? null : <Progress value={progress} w="70%" size="sm" radius="xl" aria-hidden />}
        </Stack>
      </UnstyledButton>
    );
  }

  // A picture opens in the image editor from the grid (beside the tile: a button holds no link).
  const editable = item.kind === 'image' && item.taskId !== null && !selecting;
  return (
    <div className={classes.cell}>
      <UnstyledButton
        className={classes.tile}
        data-selected={selected || undefined}
        onClick={selecting ? onToggle : onOpen}
        onMouseEnter={() => setHovering(true)}
        onMouseLeave={() => setHovering(false)}
        aria-label={label}
        aria-pressed={selecting ? selected : undefined}
      >
        {item.thumbUrl && !broken ? (
          <img
            src={item.thumbUrl}
            alt=""
            loading="lazy"
            className={classes.media}
            onError={() => setBroken(true)}
          />
        ) : (
          <div className={classes.fallback}>
            <IconPhotoOff size={28} />
          </div>
        )}
        {item.kind === 'video' && hovering && item.url ? (
          <video
            src={item.url}
            className={classes.media}
            autoPlay
            muted
            loop
            playsInline
            aria-hidden
          />
        ) : null}
        <div className={classes.badges}>
          {item.preview ? (
            <Tooltip label={t('library.previewHint')} withArrow>
              <Badge size="xs" color="dark" variant="filled" className={classes.glass}>
                {t('library.preview')}
              </Badge>
            </Tooltip>
          ) : null}
        </div>
        {item.kind === 'video' ? (
          <IconPlayerPlayFilled size={18} className={classes.kindIcon} aria-hidden />
        ) : item.kind === '3d' ? (
          <IconBox size={18} className={classes.kindIcon} aria-hidden />
        ) : null}
        {caption ? (
          <Text size="xs" className={classes.caption} lineClamp={2}>
            {caption}
          </Text>
        ) : null}
        {selecting ? (
          <Checkbox
            checked={selected}
            readOnly
            tabIndex={-1}
            radius="xl"
            className={classes.check}
            aria-hidden
          />
        ) : null}
      </UnstyledButton>
      {editable ? (
        <Tooltip label={t('library.detail.edit')} withArrow>
          <ActionIcon
            component={Link}
            to={editorPath({ taskId: item.taskId ?? undefined, index: item.index })}
            className={classes.edit}
            variant="filled"
            color="dark"
            radius="xl"
            size="md"
            aria-label={`${t('library.detail.edit')}: ${label}`}
          >
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </div>
  );
}

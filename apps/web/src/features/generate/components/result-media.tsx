import type { TaskResult } from '@lumen/contracts/tasks';
import { ActionIcon, Button, Group, Image, Loader, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconDownload,
  IconEdit,
  IconPhotoEdit,
  IconPlant2,
  IconRefresh,
  IconWorldUpload,
} from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { openPublishDialog } from '../../../shared/session/publish-dialog-store';
import type { MediaKind } from '@lumen/contracts/media';
import { downloadMedia } from '../../../shared/api/download-media';
import { mediaOf } from '../task-kinds';
import { MediaLightbox } from './media-lightbox';
import classes from './results.module.css';

// three.js is large; only pages that show a finished 3D model load it.
const ModelViewer = lazy(() =>
  import('../../../shared/ui/model-viewer').then((m) => ({ default: m.ModelViewer })),
);

export type SubTask = TaskResult['sub_task_results'][number];

export interface ResultActions {
  /** Whether downloads carry the §6 watermark. */
  watermark: boolean;
  onReuseSeed?: (seed: number) => void;
  onRecreate?: (task: TaskResult) => void;
  /** A failed or cancelled run, sent again as it was. */
  onRetry?: (task: TaskResult) => void;
  /** Opens an output (the task and the output's index) in the image editor. */
  onEdit?: (taskId: string, index: number) => void;
  /** The image studio: an output becomes the reference of the next run (image to image). */
  onUseAsReference?: (image: ReferenceImage) => void;
}

/** One of the user's results as a task input: by its key, nothing uploaded again. */
export interface ReferenceImage {
  key: string;
  width: number;
  height: number;
  previewUrl: string;
}

function keyOf(sub: SubTask): string | undefined {
  return sub.image ?? sub.video ?? sub.model;
}

function downloadKind(task: TaskResult): MediaKind {
  const media = mediaOf(task.task_type);
  return media === '3d' ? 'model' : media;
}

interface ToolbarProps extends ResultActions {
  task: TaskResult;
  sub: SubTask;
  index: number;
  onOpen?: () => void;
  /** Text buttons (the lightbox) instead of the icon row over a tile. */
  labelled?: boolean;
}

interface Action {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** Shows a spinner: the work the click started is still going. */
  loading?: boolean;
  /** Hidden over small tiles; "open large" offers it too. */
  secondary?: boolean;
}

/** Download, reuse seed, recreate and open large: on hover, always on touch screens. */
export function ResultToolbar({
  task,
  sub,
  index,
  watermark,
  onReuseSeed,
  onRecreate,
  onUseAsReference,
  onEdit,
  onOpen,
  labelled,
}: ToolbarProps) {
  const { t } = useTranslation();
  // A watermarked video is made on its first download, which can take seconds.
  const [downloading, setDownloading] = useState(false);
  const key = keyOf(sub);
  const seed = sub.seed;
  const actions: Action[] = [];
  if (key) {
    actions.push({
      label: t('generate.actions.download'),
      icon: <IconDownload size={18} />,
      loading: downloading,
      onClick: () => {
        if (downloading) return;
        setDownloading(true);
        void downloadMedia({
          type: downloadKind(task),
          key,
          watermark,
          name: `lumen-${task.task_id.slice(0, 8)}-${index + 1}`,
        }).finally(() => setDownloading(false));
      },
    });
  }
  if (key) {
    actions.push({
      label: t('generate.actions.publish'),
      icon: <IconWorldUpload size={18} />,
      onClick: () =>
        openPublishDialog({
          taskId: task.task_id,
          // The output's place among all of the task's outputs, whatever this grid shows.
          outputIndex: sub.index ?? Math.max(0, task.sub_task_results.indexOf(sub)),
          kind: mediaOf(task.task_type),
          previewUrl: sub.thumb_url ?? sub.url,
          prompt: task.prompt,
        }),
    });
  }
  // Every picture the user made opens in the image editor (an SVG trace cannot be edited).
  if (onEdit && sub.image && mediaOf(task.task_type) === 'image' && sub.mime !== 'image/svg+xml') {
    actions.push({
      label: t('generate.actions.edit'),
      icon: <IconEdit size={18} />,
      onClick: () =>
        onEdit(task.task_id, sub.index ?? Math.max(0, task.sub_task_results.indexOf(sub))),
      secondary: onOpen !== undefined,
    });
  }
  if (onReuseSeed && seed !== null) {
    actions.push({
      label: t('generate.actions.reuseSeed'),
      icon: <IconPlant2 size={18} />,
      onClick: () => onReuseSeed(seed),
      secondary: onOpen !== undefined,
    });
  }
  const { image, width, height } = sub;
  if (onUseAsReference && image && width && height) {
    actions.push({
      label: t('generate.actions.useAsReference'),
      icon: <IconPhotoEdit size={18} />,
      onClick: () =>
        onUseAsReference({ key: image, width, height, previewUrl: sub.thumb_url ?? sub.url ?? '' }),
      secondary: onOpen !== undefined,
    });
  }
  if (onRecreate) {
    actions.push({
      label: t('generate.actions.recreate'),
      icon: <IconRefresh size={18} />,
      onClick: () => onRecreate(task),
      secondary: onOpen !== undefined,
    });
  }
  if (onOpen) {
    actions.push({
      label: t('generate.actions.open'),
      icon: <IconArrowsMaximize size={18} />,
      onClick: onOpen,
    });
  }

  if (labelled) {
    return (
      <Group gap="xs">
        {actions.map((action) => (
          <Button
            key={action.label}
            variant="default"
            size="sm"
            leftSection={action.icon}
            loading={action.loading}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    );
  }
  return (
    <Group gap={6} className={classes.toolbar} wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.label} withArrow>
          <ActionIcon
            className={classes.toolButton}
            data-secondary={action.secondary || undefined}
            radius="md"
            size="lg"
            aria-label={action.label}
            loading={action.loading}
            onClick={action.onClick}
          >
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

function shape(sub: SubTask): string | undefined {
  return sub.width && sub.height ? `${sub.width} / ${sub.height}` : undefined;
}

/** The outputs of a finished task: an image grid, video players or 3D viewers. */
export function ResultMedia({ task, ...actions }: { task: TaskResult } & ResultActions) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<number | null>(null);
  const media = mediaOf(task.task_type);
  const subs = task.sub_task_results.filter((sub) => sub.url);
  const openedSub = opened === null ? undefined : subs[opened];

  return (
    <>
      <div className={classes.mediaGrid} data-count={Math.min(subs.length, 4)} data-media={media}>
        {subs.map((sub, index) => (
          <div
            key={keyOf(sub) ?? index}
            className={classes.mediaTile}
            style={{ aspectRatio: shape(sub) }}
            data-transparent={task.task_type === 'remove_bg' || undefined}
          >
            {media === 'video' ? (
              <video
                className={classes.video}
                src={sub.url ?? undefined}
                poster={sub.thumb_url ?? undefined}
                controls
                loop
                playsInline
                preload="metadata"
                aria-label={t('generate.result.videoLabel', { index: index + 1 })}
              />
            ) : media === '3d' ? (
              <Suspense fallback={<ModelPlaceholder sub={sub} />}>
                <ModelViewer
                  url={sub.url ?? ''}
                  poster={sub.thumb_url}
                  label={t('generate.result.modelLabel', { index: index + 1 })}
                />
              </Suspense>
            ) : (
              <button
                type="button"
                className={classes.imageButton}
                onClick={() => setOpened(index)}
              >
                <Image
                  src={sub.thumb_url ?? sub.url}
                  alt={task.prompt || t('generate.result.imageAlt', { index: index + 1 })}
                  loading="lazy"
                  className={classes.image}
                />
              </button>
            )}
            <ResultToolbar
              task={task}
              sub={sub}
              index={index}
              {...actions}
              onOpen={media === 'image' ? () => setOpened(index) : undefined}
            />
          </div>
        ))}
      </div>
      {openedSub ? (
        <MediaLightbox
          task={task}
          sub={openedSub}
          index={opened ?? 0}
          count={subs.length}
          onStep={setOpened}
          onClose={() => setOpened(null)}
          {...actions}
        />
      ) : null}
    </>
  );
}

function ModelPlaceholder({ sub }: { sub: SubTask }) {
  return (
    <div className={classes.modelPlaceholder}>
      {sub.thumb_url ? <img src={sub.thumb_url} alt="" className={classes.image} /> : null}
      <Loader size="sm" className={classes.modelLoader} />
    </div>
  );
}

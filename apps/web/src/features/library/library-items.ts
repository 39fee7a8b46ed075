import type { FolderItem } from '@lumen/contracts/assets';
import type { TaskResult, TaskState } from '@lumen/contracts/tasks';
import { toolsWhere } from '@lumen/contracts/tools';
import type { TFunction } from 'i18next';
import { taskTypeName } from '../../shared/i18n/task-type-name';
import type { LibraryKind } from './library-kinds';

/** One tile of the grid: a generated output, or a task still on its way. */
export interface LibraryItem {
  /** The output's media key; null while the task has no output yet. */
  key: string | null;
  taskId: string | null;
  /** The output's index in its task (kept when other outputs are deleted). */
  index: number;
  kind: LibraryKind;
  url: string | null;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  prompt: string;
  preview: boolean;
  status: TaskState;
  taskType: string | null;
  /** While the task is on its way: its progress (0–100) and place in the queue (0: left it). */
  progress?: number;
  queuePosition?: number;
}

/** The engine that draws locally, without a model; its outputs are labelled as previews. */
export const LOCAL_PREVIEW_ENGINE = 'local-preview';

/**
 * Tools that transform one picture (those the image editor runs): no seed or settings to
 * reuse in a studio.
 */
export const PICTURE_TOOL_TASK_TYPES: ReadonlySet<string> = toolsWhere(
  (tool) => tool.ui.editor !== undefined,
);

/**
 * The name a run goes by in the library: an enhance says what it made (2×, 4×, 4K), other
 * runs their task type. Runs from before the choice have no scale and keep the type's name.
 */
export function taskLabel(t: TFunction, task: Pick<TaskResult, 'task_type' | 'request'>): string {
  const scale = task.request?.params.scale;
  if (task.task_type === 'upscale' && scale !== undefined) {
    return t(`library.enhance.result.${scale}`);
  }
  return taskTypeName(t, task.task_type);
}

/** Grounds a transparent picture can be looked at on (a cut-out's viewer). */
export const backdrops = ['checker', 'light', 'dark'] as const;
export type Backdrop = (typeof backdrops)[number];

/** The media key of a task's output (image, video or model); null on a placeholder. */
export function outputKey(sub: TaskResult['sub_task_results'][number]): string | null {
  return sub.image ?? sub.video ?? sub.model ?? null;
}

/**
 * Done tasks give a tile per output; queued and generating ones a single placeholder. Failed,
 * cancelled and flagged tasks have nothing to show (their credits came back).
 */
export function itemsFromTasks(tasks: TaskResult[], kind: LibraryKind): LibraryItem[] {
  const items: LibraryItem[] = [];
  for (const task of tasks) {
    const base = {
      taskId: task.task_id,
      kind,
      prompt: task.prompt,
      preview: task.engine === LOCAL_PREVIEW_ENGINE,
      status: task.status,
      taskType: task.task_type,
    };
    if (task.status === 'queued' || task.status === 'generating') {
      items.push({
        ...base,
        key: null,
        index: 0,
        url: null,
        thumbUrl: null,
        width: null,
        height: null,
        progress: task.progress,
        queuePosition: task.queue_position,
      });
      continue;
    }
    if (task.status !== 'done') continue;
    task.sub_task_results.forEach((sub, index) => {
      const key = outputKey(sub);
      if (!key) return;
      items.push({
        ...base,
        key,
        index: sub.index ?? index,
        url: sub.url,
        thumbUrl: sub.thumb_url ?? sub.url,
        width: sub.width,
        height: sub.height,
      });
    });
  }
  return items;
}

/** Folder listings carry the key and thumbnail only; the detail page fetches the rest. */
export function itemFromFolderItem(item: FolderItem, kind: LibraryKind): LibraryItem {
  return {
    key: item.key,
    taskId: item.task_id,
    index: 0,
    // A character's or a portrait's folder holds pictures and clips: each shows as what it is.
    kind: item.kind === 'image' ? 'image' : item.kind === 'video' ? 'video' : kind,
    url: null,
    thumbUrl: item.thumb_url || null,
    width: item.width,
    height: item.height,
    prompt: '',
    preview: false,
    status: 'done',
    taskType: null,
  };
}

/**
 * The detail address. Folder items do not know their position in the task, so they add the key
 * and the page finds the output by it.
 */
export function detailPath(
  item: Pick<LibraryItem, 'taskId' | 'index' | 'kind' | 'taskType' | 'url' | 'key'>,
): string | null {
  if (!item.taskId) return null;
  const params = new URLSearchParams({ kind: item.kind });
  if (item.taskType) params.set('type', item.taskType);
  // A folder item is found by its key; a run on its way has none yet.
  if (item.url === null && item.key) params.set('key', item.key);
  return `/library/item/${encodeURIComponent(item.taskId)}/${item.index}?${params.toString()}`;
}

/** Greatest-common-divisor ratio, e.g. 1024×576 → "16:9"; the studio reads it back. */
export function ratioOf(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

/** The video studio's mode for a video task type (`?mode=`). */
const videoModes: Record<string, string> = {
  video_diffusion_img2vid: 'image',
  video_diffusion_keyframes: 'keyframes',
};

/**
 * Reuse seed keeps the seed; recreate lets the studio draw a new one. With `recreate` (the
 * run's id) the studio takes every setting of the run, its pictures included; prompt and ratio
 * show meanwhile.
 */
export function studioPath(
  kind: LibraryKind,
  input: {
    prompt: string;
    seed?: number | null;
    ratio?: string | null;
    recreate?: { taskId: string; taskType: string };
  },
): string {
  const params = new URLSearchParams();
  const mode = input.recreate && kind === 'video' ? videoModes[input.recreate.taskType] : undefined;
  if (mode) params.set('mode', mode);
  if (input.recreate) params.set('recreate', input.recreate.taskId);
  if (input.prompt) params.set('prompt', input.prompt);
  if (input.seed !== undefined && input.seed !== null) params.set('seed', String(input.seed));
  if (input.ratio) params.set('ratio', input.ratio);
  const query = params.toString();
  return `/studio/${kind}${query ? `?${query}` : ''}`;
}

/**
 * A studio that starts from one of the user's own pictures (`?from=<task id>:<index>`): image
 * to image keeps the prompt to edit, image to video opens its image mode, image to 3D too.
 */
export function studioFromOutput(
  target: 'image' | 'video' | '3d',
  input: { taskId: string; index: number; prompt?: string },
): string {
  const params = new URLSearchParams();
  if (target === 'video') params.set('mode', 'image');
  params.set('from', `${input.taskId}:${input.index}`);
  if (target === 'image' && input.prompt) params.set('prompt', input.prompt);
  return `/studio/${target}?${params.toString()}`;
}

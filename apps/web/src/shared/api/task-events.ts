import { taskStates, type TaskResult } from '@lumen/contracts/tasks';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import type { TaskPage } from './task-pages';
import { forgetTaskPreview, rememberTaskPreview } from './task-previews';
import { subscribeUserEvents } from './user-events';

const isFinalState = (status: TaskResult['status']) =>
  status !== 'queued' && status !== 'generating';

/** A task's new state and progress (spec §4), as the events stream sends it. */
const taskEventSchema = z.object({
  task_id: z.string(),
  status: z.enum(taskStates),
  progress: z.number(),
  queue_position: z.number().optional(),
  /** The engine's latest picture of the work, a small JPEG as a data URL (see task-previews). */
  preview: z.string().startsWith('data:image/jpeg;base64,').max(16_000).optional(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

/** Where a waiting task stands now; sent every few seconds while it waits. */
const queueEventSchema = z.object({
  task_id: z.string(),
  queue_position: z.number().int(),
  estimated_wait_min: z.number().int(),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

function parseEvent<T>(schema: z.ZodType<T>, raw: string): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface TaskEventsSubscriber {
  onTask: (event: TaskEvent) => void;
  onQueue?: (event: QueueEvent) => void;
  onOpen?: () => void;
  onError?: () => void;
}

/** The task events of the signed-in user's stream, checked; malformed ones are dropped. */
export function subscribeTaskEvents({
  onTask,
  onQueue,
  onOpen,
  onError,
}: TaskEventsSubscriber): () => void {
  return subscribeUserEvents({
    events: {
      task: (data) => {
        const event = parseEvent(taskEventSchema, data);
        if (!event) return;
        if (event.preview) rememberTaskPreview(event.task_id, event.preview);
        else if (isFinalState(event.status)) forgetTaskPreview(event.task_id);
        onTask(event);
      },
      ...(onQueue
        ? {
            queue: (data: string) => {
              const event = parseEvent(queueEventSchema, data);
              if (event) onQueue(event);
            },
          }
        : {}),
    },
    onOpen,
    onError,
  });
}

/** A task as a state event leaves it: progress never goes back, a place only while queued. */
export function withTaskEvent(task: TaskResult, event: TaskEvent): TaskResult {
  return {
    ...task,
    status: event.status,
    progress: Math.max(task.progress, Math.round(event.progress)),
    queue_position: event.queue_position ?? (event.status === 'queued' ? task.queue_position : 0),
    estimated_wait_min: event.status === 'queued' ? task.estimated_wait_min : 0,
  };
}

/**
 * A waiting task's new place and wait. It changes nothing once the task has left the queue:
 * the place was worked out a moment before, and may arrive after the task started.
 */
export function withQueueEvent(task: TaskResult, event: QueueEvent): TaskResult {
  return task.status === 'queued'
    ? {
        ...task,
        queue_position: event.queue_position,
        estimated_wait_min: event.estimated_wait_min,
      }
    : task;
}

/** Rewrites one task wherever it appears in the paged task lists under `queryKey`. */
export function patchTaskPages(
  queryClient: QueryClient,
  queryKey: QueryKey,
  taskId: string,
  patch: (task: TaskResult) => TaskResult,
): void {
  queryClient.setQueriesData<InfiniteData<TaskPage>>({ queryKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((t) => (t.task_id === taskId ? patch(t) : t)),
          })),
        }
      : data,
  );
}

import { taskStates, type TaskResult } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import {
  useQueries,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { subscribeUserEvents, USER_EVENTS_URL } from '../../shared/api/user-events';
import { accountQueryRoot } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
import { getTaskResult } from './api/get-task-result';
import type { TaskPage } from './api/list-tasks';
import { generateKeys, isActive, isFinal } from './task-kinds';

export const TASK_EVENTS_URL = USER_EVENTS_URL;
/** While the stream is down, active tasks are asked for every 2 s. */
export const POLL_INTERVAL_MS = 2000;

const taskEventSchema = z.object({
  task_id: z.string(),
  status: z.enum(taskStates),
  progress: z.number(),
  queue_position: z.number().optional(),
});
export type TaskEvent = z.infer<typeof taskEventSchema>;

/** Where a waiting task stands now; sent every few seconds while it waits. */
const queueEventSchema = z.object({
  task_id: z.string(),
  queue_position: z.number().int(),
  estimated_wait_min: z.number().int(),
});
export type QueueEvent = z.infer<typeof queueEventSchema>;

function patchTask(task: TaskResult, event: TaskEvent): TaskResult {
  return {
    ...task,
    status: event.status,
    progress: Math.max(task.progress, Math.round(event.progress)),
    queue_position: event.queue_position ?? (event.status === 'queued' ? task.queue_position : 0),
    estimated_wait_min: event.status === 'queued' ? task.estimated_wait_min : 0,
  };
}

/** Writes a task event into every cache that holds the task: its own query and the histories. */
function patchCaches(
  queryClient: QueryClient,
  taskId: string,
  patch: (task: TaskResult) => TaskResult,
): void {
  queryClient.setQueryData<TaskResult>(generateKeys.task(taskId), (old) =>
    old ? patch(old) : old,
  );
  queryClient.setQueriesData<InfiniteData<TaskPage>>(
    { queryKey: generateKeys.histories },
    (data) =>
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

/**
 * A waiting task's new place and wait. It changes nothing once the task has left the queue:
 * the place was worked out a moment before, and may arrive after the task started.
 */
export function applyQueueEvent(queryClient: QueryClient, event: QueueEvent): void {
  patchCaches(queryClient, event.task_id, (task) =>
    task.status === 'queued'
      ? {
          ...task,
          queue_position: event.queue_position,
          estimated_wait_min: event.estimated_wait_min,
        }
      : task,
  );
}

/**
 * Writes one stream event into the caches. A final state only triggers a refetch: the event
 * carries no outputs, and a card that said "done" without its images would flash empty.
 */
export function applyTaskEvent(queryClient: QueryClient, event: TaskEvent): void {
  const key = generateKeys.task(event.task_id);
  if (isFinal(event.status)) {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
    return;
  }
  patchCaches(queryClient, event.task_id, (task) => patchTask(task, event));
}

function parseEvent<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(String(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the task events of spec §4 over Server-Sent Events while signed in. Answers
 * whether the stream is open; when it is not, `useTrackedTasks` polls instead.
 */
export function useTaskStream(): { live: boolean } {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.user !== null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    // The stream is shared with other listeners (notifications); see shared/api/user-events.
    const unsubscribe = subscribeUserEvents({
      events: {
        task: (data) => {
          const event = parseEvent(taskEventSchema, data);
          if (event) applyTaskEvent(queryClient, event);
        },
        queue: (data) => {
          const event = parseEvent(queueEventSchema, data);
          if (event) applyQueueEvent(queryClient, event);
        },
      },
      onOpen: () => {
        setLive(true);
        // Events sent before the stream opened were missed; read the running tasks once.
        void queryClient.invalidateQueries({
          queryKey: generateKeys.tasks,
          predicate: (query) => {
            const data = query.state.data as TaskResult | undefined;
            return data !== undefined && isActive(data);
          },
        });
      },
      onError: () => setLive(false),
    });
    return () => {
      unsubscribe();
      setLive(false);
    };
  }, [signedIn, queryClient]);

  return { live: signedIn && live };
}

export interface TrackedTask {
  taskId: string;
  taskType: TaskType | string;
  /** What is known before the first answer: the submission's echo or a history row. */
  initial: TaskResult;
}

/**
 * One query per task the page shows as running. They poll every 2 s only while the stream is
 * down; when a task reaches a final state its credits and the history change, so both are
 * read again.
 */
export function useTrackedTasks(tasks: TrackedTask[], live: boolean): TaskResult[] {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: tasks.map((task) => ({
      queryKey: generateKeys.task(task.taskId),
      queryFn: () => getTaskResult(task.taskType, task.taskId),
      initialData: task.initial,
      // The echo is a guess; the first real answer replaces it at once.
      initialDataUpdatedAt: 0,
      staleTime: 30_000,
      refetchInterval: (query: { state: { data: TaskResult | undefined } }) =>
        !live && query.state.data && isActive(query.state.data) ? POLL_INTERVAL_MS : false,
    })),
  });
  const data = results.map((result, index) => result.data ?? tasks[index]?.initial);
  const tasksData = data.filter((task): task is TaskResult => task !== undefined);

  const lastStatus = useRef(new Map<string, TaskResult['status']>());
  useEffect(() => {
    let finished = false;
    for (const task of tasksData) {
      const before = lastStatus.current.get(task.task_id);
      if (before !== undefined && !isFinal(before) && isFinal(task.status)) finished = true;
      lastStatus.current.set(task.task_id, task.status);
    }
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
      void queryClient.invalidateQueries({ queryKey: generateKeys.histories });
    }
  });

  return tasksData;
}

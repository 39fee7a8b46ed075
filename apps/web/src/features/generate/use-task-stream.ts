import type { TaskResult } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { useQueries, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import {
  patchTaskPages,
  withQueueEvent,
  withTaskEvent,
  type QueueEvent,
  type TaskEvent,
} from '../../shared/api/task-events';
import { USER_EVENTS_URL } from '../../shared/api/user-events';
import { accountQueryRoot } from '../../shared/session/account-info';
import { useTaskEvents } from '../../shared/hooks/use-task-events';
import { getTaskResult } from './api/get-task-result';
import { generateKeys, isActive, isFinal } from './task-kinds';

export const TASK_EVENTS_URL = USER_EVENTS_URL;
/** While the stream is down, active tasks are asked for every 2 s. */
export const POLL_INTERVAL_MS = 2000;

/** Writes a task event into every cache that holds the task: its own query and the histories. */
function patchCaches(
  queryClient: QueryClient,
  taskId: string,
  patch: (task: TaskResult) => TaskResult,
): void {
  queryClient.setQueryData<TaskResult>(generateKeys.task(taskId), (old) =>
    old ? patch(old) : old,
  );
  patchTaskPages(queryClient, generateKeys.histories, taskId, patch);
}

export function applyQueueEvent(queryClient: QueryClient, event: QueueEvent): void {
  patchCaches(queryClient, event.task_id, (task) => withQueueEvent(task, event));
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
  patchCaches(queryClient, event.task_id, (task) => withTaskEvent(task, event));
}

/**
 * Listens to the task events of spec §4 over Server-Sent Events while signed in. Answers
 * whether the stream is open; when it is not, `useTrackedTasks` polls instead.
 */
export function useTaskStream(): { live: boolean } {
  const queryClient = useQueryClient();
  const subscriber = useMemo(
    () => ({
      onTask: (event: TaskEvent) => applyTaskEvent(queryClient, event),
      onQueue: (event: QueueEvent) => applyQueueEvent(queryClient, event),
      onOpen: () => {
        // Events sent before the stream opened were missed; read the running tasks once.
        void queryClient.invalidateQueries({
          queryKey: generateKeys.tasks,
          predicate: (query) => {
            const data = query.state.data as TaskResult | undefined;
            return data !== undefined && isActive(data);
          },
        });
      },
    }),
    [queryClient],
  );
  return useTaskEvents(subscriber);
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

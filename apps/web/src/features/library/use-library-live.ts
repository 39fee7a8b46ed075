import { finalStates, type TaskResult } from '@lumen/contracts/tasks';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  patchTaskPages,
  withQueueEvent,
  withTaskEvent,
  type QueueEvent,
  type TaskEvent,
} from '../../shared/api/task-events';
import type { TaskPage } from '../../shared/api/task-pages';
import { useTaskEvents } from '../../shared/hooks/use-task-events';
import { libraryKeys } from './library-kinds';

/** Whether a loaded list of generations still shows one on its way. */
export function hasActiveTask(data: InfiniteData<TaskPage> | undefined): boolean {
  return (
    data?.pages.some((page) => page.data.some((task) => !finalStates.includes(task.status))) ??
    false
  );
}

/**
 * Keeps the library's generations current from the task events of the user's stream: a run on
 * its way shows its place and progress, and one that ends is read again, so its tile turns
 * into its outputs (or goes, if it failed). Answers whether the stream is open; while it is
 * not, the lists poll instead (see useTasks).
 */
export function useLibraryLive(): { live: boolean } {
  const queryClient = useQueryClient();
  const subscriber = useMemo(() => {
    const patch = (taskId: string, change: (task: TaskResult) => TaskResult) => {
      queryClient.setQueryData<TaskResult>(libraryKeys.task(taskId), (old) =>
        old ? change(old) : old,
      );
      patchTaskPages(queryClient, libraryKeys.taskLists, taskId, change);
    };
    return {
      onTask: (event: TaskEvent) => {
        if (!finalStates.includes(event.status)) {
          patch(event.task_id, (task) => withTaskEvent(task, event));
          return;
        }
        // The event carries no outputs: read the task and the lists that show it again.
        void queryClient.invalidateQueries({ queryKey: libraryKeys.task(event.task_id) });
        void queryClient.invalidateQueries({ queryKey: libraryKeys.taskLists });
      },
      onQueue: (event: QueueEvent) => patch(event.task_id, (task) => withQueueEvent(task, event)),
      onOpen: () => {
        // Events sent before the stream opened were missed: read again what was on its way.
        void queryClient.invalidateQueries({
          queryKey: libraryKeys.taskLists,
          predicate: (query) =>
            hasActiveTask(query.state.data as InfiniteData<TaskPage> | undefined),
        });
      },
    };
  }, [queryClient]);
  return useTaskEvents(subscriber);
}

import { finalStates, type TaskResult } from '@lumen/contracts/tasks';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  patchTaskPages,
  subscribeTaskEvents,
  withQueueEvent,
  withTaskEvent,
} from '../../shared/api/task-events';
import type { TaskPage } from '../../shared/api/task-pages';
import { accountQueryRoot } from '../../shared/session/account-info';
import { useSession } from '../../shared/session/session-store';
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
  const signedIn = useSession((s) => s.user !== null);
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (!signedIn) return undefined;
    const patch = (taskId: string, change: (task: TaskResult) => TaskResult) => {
      queryClient.setQueryData<TaskResult>(libraryKeys.task(taskId), (old) =>
        old ? change(old) : old,
      );
      patchTaskPages(queryClient, libraryKeys.taskLists, taskId, change);
    };
    const unsubscribe = subscribeTaskEvents({
      onTask: (event) => {
        if (!finalStates.includes(event.status)) {
          patch(event.task_id, (task) => withTaskEvent(task, event));
          return;
        }
        // The event carries no outputs: read the task and the lists that show it again.
        void queryClient.invalidateQueries({ queryKey: libraryKeys.task(event.task_id) });
        void queryClient.invalidateQueries({ queryKey: libraryKeys.taskLists });
        void queryClient.invalidateQueries({ queryKey: accountQueryRoot });
      },
      onQueue: (event) => patch(event.task_id, (task) => withQueueEvent(task, event)),
      onOpen: () => {
        setLive(true);
        // Events sent before the stream opened were missed: read again what was on its way.
        void queryClient.invalidateQueries({
          queryKey: libraryKeys.taskLists,
          predicate: (query) =>
            hasActiveTask(query.state.data as InfiniteData<TaskPage> | undefined),
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

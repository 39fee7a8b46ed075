import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchTaskPage, nextTaskPage, type TaskPage } from '../../../shared/api/task-pages';
import { useSession } from '../../../shared/session/session-store';
import { libraryKeys, type LibraryKind } from '../library-kinds';
import { hasActiveTask } from '../use-library-live';

/** While the events stream is down, a list that shows a run on its way is read this often. */
const ACTIVE_POLL_MS = 3000;

export const TASKS_PAGE_SIZE = 24;

export type { TaskPage };

/** `GET /prod-api/content/tasks`: my generations of one kind, newest first. */
export function listTasks(kind: LibraryKind, page: number, search = ''): Promise<TaskPage> {
  return fetchTaskPage(kind, page, TASKS_PAGE_SIZE, search);
}

/**
 * My generations of one kind; with `search`, those whose prompt contains it. `live` says the
 * events stream keeps runs on their way current; without it the list polls while it shows one.
 */
export function useTasks(kind: LibraryKind, search = '', live = false) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: libraryKeys.tasks(userId, kind, search),
    queryFn: ({ pageParam }) => listTasks(kind, pageParam, search),
    // While the words change, the last results of this kind stay in view, not a blank grid.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === kind ? previous : undefined,
    initialPageParam: 1,
    getNextPageParam: nextTaskPage,
    enabled: userId !== '',
    refetchInterval: (query) => (!live && hasActiveTask(query.state.data) ? ACTIVE_POLL_MS : false),
  });
}

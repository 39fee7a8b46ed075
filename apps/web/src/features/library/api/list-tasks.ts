import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchTaskPage, nextTaskPage, type TaskPage } from '../../../shared/api/task-pages';
import { useSession } from '../../../shared/session/session-store';
import { libraryKeys, type LibraryKind } from '../library-kinds';

export const TASKS_PAGE_SIZE = 24;

export type { TaskPage };

/** `GET /prod-api/content/tasks`: my generations of one kind, newest first. */
export function listTasks(kind: LibraryKind, page: number, search = ''): Promise<TaskPage> {
  return fetchTaskPage(kind, page, TASKS_PAGE_SIZE, search);
}

/** My generations of one kind; with `search`, those whose prompt contains it. */
export function useTasks(kind: LibraryKind, search = '') {
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
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchTaskPage, nextTaskPage, type TaskPage } from '../../../shared/api/task-pages';
import { useSession } from '../../../shared/session/session-store';
import { libraryKeys, type LibraryKind } from '../library-kinds';

export const TASKS_PAGE_SIZE = 24;

export type { TaskPage };

/** `GET /prod-api/content/tasks`: my generations of one kind, newest first. */
export function listTasks(kind: LibraryKind, page: number): Promise<TaskPage> {
  return fetchTaskPage(kind, page, TASKS_PAGE_SIZE);
}

export function useTasks(kind: LibraryKind) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: libraryKeys.tasks(userId, kind),
    queryFn: ({ pageParam }) => listTasks(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextTaskPage,
    enabled: userId !== '',
  });
}

import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchTaskPage, nextTaskPage, type TaskPage } from '../../../shared/api/task-pages';
import { useSession } from '../../../shared/session/session-store';
import { generateKeys, type StudioKind } from '../task-kinds';

export const HISTORY_PAGE_SIZE = 12;

export type { TaskPage };

/** `GET /prod-api/content/tasks`: the user's generations of one kind, newest first. */
export function listTasks(kind: StudioKind, page: number): Promise<TaskPage> {
  return fetchTaskPage(kind, page, HISTORY_PAGE_SIZE);
}

export function useTaskHistory(kind: StudioKind) {
  const signedIn = useSession((s) => s.user !== null);
  return useInfiniteQuery({
    queryKey: generateKeys.history(kind),
    queryFn: ({ pageParam }) => listTasks(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextTaskPage,
    enabled: signedIn,
  });
}

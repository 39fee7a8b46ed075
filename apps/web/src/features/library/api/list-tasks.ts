import { taskResultSchema } from '@lumen/contracts/tasks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { libraryKeys, type LibraryKind } from '../library-kinds';

export const TASKS_PAGE_SIZE = 24;

const taskPageSchema = z.object({
  data: z.array(taskResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

/** `GET /prod-api/content/tasks`: my generations of one kind, newest first. */
export function listTasks(kind: LibraryKind, page: number): Promise<TaskPage> {
  return api.get('/prod-api/content/tasks', {
    query: { kind, page, page_size: TASKS_PAGE_SIZE },
    schema: taskPageSchema,
  });
}

export function useTasks(kind: LibraryKind) {
  const userId = useSession((s) => s.user?.userId ?? '');
  return useInfiniteQuery({
    queryKey: libraryKeys.tasks(userId, kind),
    queryFn: ({ pageParam }) => listTasks(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
    enabled: userId !== '',
  });
}

import { taskResultSchema } from '@lumen/contracts/tasks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-store';
import { generateKeys, type StudioKind } from '../task-kinds';

export const HISTORY_PAGE_SIZE = 12;

const taskPageSchema = z.object({
  data: z.array(taskResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

/** `GET /prod-api/content/tasks`: the user's generations of one kind, newest first. */
export function listTasks(kind: StudioKind, page: number): Promise<TaskPage> {
  return api.get('/prod-api/content/tasks', {
    query: { kind, page, page_size: HISTORY_PAGE_SIZE },
    schema: taskPageSchema,
  });
}

export function useTaskHistory(kind: StudioKind) {
  const signedIn = useSession((s) => s.user !== null);
  return useInfiniteQuery({
    queryKey: generateKeys.history(kind),
    queryFn: ({ pageParam }) => listTasks(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
    enabled: signedIn,
  });
}

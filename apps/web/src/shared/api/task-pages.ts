import { taskResultSchema } from '@lumen/contracts/tasks';
import { z } from 'zod';
import { api } from './client';

const taskPageSchema = z.object({
  data: z.array(taskResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TaskPage = z.infer<typeof taskPageSchema>;

/**
 * `GET /prod-api/content/tasks`: my generations of one kind, newest first (studio, library);
 * with `search`, only those whose prompt contains it.
 */
export function fetchTaskPage(
  kind: 'image' | 'video' | '3d',
  page: number,
  pageSize: number,
  search = '',
): Promise<TaskPage> {
  return api.get('/prod-api/content/tasks', {
    query: { kind, page, page_size: pageSize, ...(search ? { q: search } : {}) },
    schema: taskPageSchema,
  });
}

/** The next page number for an infinite query over task pages, if there is one. */
export function nextTaskPage(last: TaskPage): number | undefined {
  return last.page * last.page_size < last.total ? last.page + 1 : undefined;
}

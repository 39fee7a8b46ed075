import { taskResultSchema, type TaskResult } from '@lumen/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { libraryKeys, type LibraryKind } from '../library-kinds';

/**
 * The gateway's results call (`/api/gw/v3/{media}/{module}/async/results`). The server finds the
 * task by id alone, so a deep link without the task type still resolves. `silent` keeps a
 * failure out of the error toasts, for reads the user did not ask for.
 */
export function getTask(
  taskId: string,
  kind: LibraryKind,
  taskType: string,
  { silent = false }: { silent?: boolean } = {},
): Promise<TaskResult> {
  return api.get(`/api/gw/v3/${kind}/${encodeURIComponent(taskType)}/async/results`, {
    query: { task_id: taskId },
    schema: taskResultSchema,
    silent,
  });
}

/** How often a task on its way (queued or generating) is asked for again. */
const ACTIVE_POLL_MS = 2000;

/** One task; while it is on its way it is asked for again, unless the events stream (`live`) keeps it current. */
export function useTask(taskId: string, kind: LibraryKind, taskType: string, live = false) {
  return useQuery({
    queryKey: libraryKeys.task(taskId),
    queryFn: () => getTask(taskId, kind, taskType),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return !live && (status === 'queued' || status === 'generating') ? ACTIVE_POLL_MS : false;
    },
  });
}

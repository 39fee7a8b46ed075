import { taskResultSchema, type TaskResult } from '@lumen/contracts/tasks';
import { api } from './client';

/** `POST /prod-api/content/tasks/{id}/cancel`: the held credits come back at once. */
export function cancelTask(taskId: string): Promise<TaskResult> {
  return api.post(
    `/prod-api/content/tasks/${encodeURIComponent(taskId)}/cancel`,
    {},
    {
      schema: taskResultSchema,
    },
  );
}

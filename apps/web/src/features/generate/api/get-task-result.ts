import { taskResultSchema, type TaskResult } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { api } from '../../../shared/api/client';
import { mediaOf } from '../task-kinds';

/**
 * `GET /api/gw/v3/{media}/{module}/async/results`. Polled in the background, so a failure
 * stays quiet; the card keeps its last known state until the next answer.
 */
export function getTaskResult(taskType: TaskType | string, taskId: string): Promise<TaskResult> {
  return api.get(`/api/gw/v3/${mediaOf(taskType)}/${taskType}/async/results`, {
    query: { task_id: taskId },
    schema: taskResultSchema,
    silent: true,
  });
}

import type { TaskResult } from '@lumen/contracts/tasks';
import { useSession } from '../../shared/session/session-store';
import { useTaskHistory } from './api/list-tasks';
import { useKindRuns, type Run } from './runs-store';
import { isActive, type StudioKind } from './task-kinds';
import { useTaskStream, useTrackedTasks, type TrackedTask } from './use-task-stream';

export interface CurrentRun {
  run: Run;
  task: TaskResult;
}

/**
 * What a studio page shows: the runs started here (followed live) and the older history, whose
 * still-running rows are followed too. A run appears once, above the history.
 */
export function useStudioTasks(kind: StudioKind) {
  const userId = useSession((s) => s.user?.userId ?? null);
  const runs = useKindRuns(kind, userId);
  const history = useTaskHistory(kind);
  const { live } = useTaskStream();

  const runIds = new Set(runs.map((run) => run.taskId));
  const older = (history.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (row) => !runIds.has(row.task_id),
  );
  const tracked: TrackedTask[] = [
    ...runs.map((run) => ({ taskId: run.taskId, taskType: run.taskType, initial: run.initial })),
    ...older
      .filter(isActive)
      .map((row) => ({ taskId: row.task_id, taskType: row.task_type, initial: row })),
  ];
  const byId = new Map(useTrackedTasks(tracked, live).map((task) => [task.task_id, task]));

  return {
    current: runs.map((run): CurrentRun => ({ run, task: byId.get(run.taskId) ?? run.initial })),
    history: older.map((row) => byId.get(row.task_id) ?? row),
    historyQuery: history,
  };
}

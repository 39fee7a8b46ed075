import { placeholderSubResults, type TaskResult } from '@lumen/contracts/tasks';
import { create } from 'zustand';
import type { SubmitBody } from './api/submit-task';
import type { StudioKind, StudioTaskType } from './task-kinds';

/** A generation started from this tab: what was asked (for "recreate") and what came back. */
export interface Run {
  taskId: string;
  taskType: StudioTaskType;
  body: SubmitBody;
  initial: TaskResult;
}

/** Runs shown above the history; older ones are found in the history anyway. */
const MAX_RUNS = 12;

interface RunsState {
  /** Whose runs these are, so another account signing in on this tab starts empty. */
  userId: string | null;
  runs: Record<StudioKind, Run[]>;
  addRun: (userId: string, kind: StudioKind, run: Run) => void;
}

const empty = (): Record<StudioKind, Run[]> => ({ image: [], video: [], '3d': [] });

/** Kept outside the pages so switching between the image, video and 3D studios keeps them. */
export const useRuns = create<RunsState>()((set) => ({
  userId: null,
  runs: empty(),
  addRun: (userId, kind, run) =>
    set((state) => {
      const runs = state.userId === userId ? state.runs : empty();
      return { userId, runs: { ...runs, [kind]: [run, ...runs[kind]].slice(0, MAX_RUNS) } };
    }),
}));

export function useKindRuns(kind: StudioKind, userId: string | null): Run[] {
  return useRuns((s) => (userId !== null && s.userId === userId ? s.runs[kind] : noRuns));
}

const noRuns: Run[] = [];

/** The echo of a submission, shown until the first real answer arrives. */
export function queuedEcho(input: {
  taskId: string;
  taskType: StudioTaskType;
  prompt: string;
  cost: number;
  queuePosition: number;
  estimatedWaitMin: number;
  count: number;
}): TaskResult {
  return {
    task_id: input.taskId,
    task_type: input.taskType,
    status: 'queued',
    task_status: 0,
    progress: 0,
    queue_position: input.queuePosition,
    estimated_wait_min: input.estimatedWaitMin,
    cost: input.cost,
    engine: '',
    error: null,
    error_reason: null,
    created_at: new Date().toISOString(),
    prompt: input.prompt,
    sub_task_results: placeholderSubResults(input.count, 0),
  };
}

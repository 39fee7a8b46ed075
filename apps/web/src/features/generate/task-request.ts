import type { TaskRequest, TaskResult } from '@lumen/contracts/tasks';
import { studioTaskTypes, type StudioKind, type StudioTaskType } from './task-kinds';
import type { SubmitDraft } from './use-generate';

/** A studio task type, or undefined for a task no studio sends (a tool's run). */
export function studioTaskType(taskType: string): StudioTaskType | undefined {
  const all: readonly string[] = Object.values(studioTaskTypes).flat();
  return all.includes(taskType) ? (taskType as StudioTaskType) : undefined;
}

/**
 * The run's own request as a new submission: the prompt as it ran (a magic prompt is not
 * expanded twice), with `seed` (-1: a new one), and the clips and voice tracks it took.
 */
export function draftFromRequest(request: TaskRequest, seed: number): SubmitDraft {
  return {
    prompt: request.prompt,
    negative_prompt: request.negative_prompt,
    params: { ...request.params, seed },
    images: request.images,
    videos: request.videos,
    audios: request.audios,
    magic_prompt: false,
    version: request.version,
    ...(request.remix_of ? { remix_of: request.remix_of } : {}),
  };
}

/** What "recreate" can send again for `task` without asking anything, if the task says. */
export function recreatable(
  kind: StudioKind,
  task: TaskResult,
): { taskType: StudioTaskType; request: TaskRequest } | undefined {
  const taskType = studioTaskType(task.task_type);
  if (!taskType || !task.request) return undefined;
  return (studioTaskTypes[kind] as readonly string[]).includes(taskType)
    ? { taskType, request: task.request }
    : undefined;
}

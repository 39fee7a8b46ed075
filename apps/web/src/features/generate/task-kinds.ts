import { finalStates, type TaskResult, type TaskState } from '@lumen/contracts/tasks';
import { taskTypeDefinitions, type TaskType } from '@lumen/contracts/task-types';

/** The three studios: each maps to one gateway media segment and one history filter. */
export type StudioKind = 'image' | 'video' | '3d';

/** The task types each studio submits, in the order its mode switch shows them. */
export const studioTaskTypes = {
  image: ['txt2img', 'img2img'],
  video: [
    'video_diffusion',
    'video_diffusion_img2vid',
    'video_diffusion_keyframes',
    'video_diffusion_multi_img2vid',
    'video_extend',
    'video_stylize',
    'mouth_speech',
    'video_diffusion_audio_animate',
    'video_motion_brush',
    'video_creative_upscaler',
  ],
  '3d': ['text_to_3d', 'image_to_3d'],
} as const satisfies Record<StudioKind, readonly TaskType[]>;

export type StudioTaskType = (typeof studioTaskTypes)[StudioKind][number];

/** The studio a task belongs to; history rows carry the type as a plain string. */
export function mediaOf(taskType: TaskType | string): StudioKind {
  return taskType in taskTypeDefinitions
    ? taskTypeDefinitions[taskType as TaskType].media
    : 'image';
}

export function isFinal(status: TaskState): boolean {
  return finalStates.includes(status);
}

export function isActive(task: Pick<TaskResult, 'status'>): boolean {
  return !isFinal(task.status);
}

/** TanStack Query keys of this feature; the stream hook writes into the same entries. */
export const generateKeys = {
  all: ['generate'] as const,
  quotes: ['generate', 'quote'] as const,
  quote: (body: object) => ['generate', 'quote', body] as const,
  tasks: ['generate', 'task'] as const,
  task: (taskId: string) => ['generate', 'task', taskId] as const,
  history: (kind: StudioKind) => ['generate', 'history', kind] as const,
  histories: ['generate', 'history'] as const,
};

import type { TaskInputMedia, TaskResult } from '@lumen/contracts/tasks';

/** The pictures a run started from (image to image, to video, to 3D), in its request's order. */
export function inputPictures(task: TaskResult): TaskInputMedia[] {
  return (task.inputs ?? []).filter((input) => input.kind === 'image');
}

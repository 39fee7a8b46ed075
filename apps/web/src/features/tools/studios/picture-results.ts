import type { TaskResult } from '@lumen/contracts/tasks';
import type { ResultGroup } from './studio-results';

/** The groups of a run whose results are one picture each (a portrait, a try-on). */
export function pictureResults(
  task: TaskResult,
  title: (number: number) => string,
  label: string,
): ResultGroup[] {
  return task.sub_task_results
    .filter((output) => output.url)
    .map((output, index) => ({
      title: title(index + 1),
      parts: [{ label, output }],
      downloads: [{ label, output }],
    }));
}

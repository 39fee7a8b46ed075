import type { ToolId } from '@lumen/contracts/tools';

/** The image editor's own address. */
export const EDITOR_PATH = '/studio/edit';

/**
 * The image editor opened on one of the user's own results (the task and the output's
 * index), with a tool chosen when given. The server answers a task's results to its owner
 * only, so a work of someone else's never opens here (it goes through remix instead).
 */
export function editorPath(input: { taskId?: string; index?: number; tool?: ToolId } = {}): string {
  const search = new URLSearchParams();
  if (input.taskId) {
    search.set('task', input.taskId);
    search.set('index', String(input.index ?? 0));
  }
  if (input.tool) search.set('tool', input.tool);
  const query = search.toString();
  return query ? `${EDITOR_PATH}?${query}` : EDITOR_PATH;
}

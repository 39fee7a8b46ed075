import { taskResultSchema, type TaskResult } from '@lumen/contracts/tasks';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { EditorPicture } from '../editor/editor-steps';

/**
 * One of the user's results as a picture to edit. The results call answers a task to its
 * owner only and finds it by id whatever the type in the address says.
 */
export async function getOwnPicture(taskId: string, index: number): Promise<EditorPicture> {
  const task: TaskResult = await api.get(`/api/gw/v3/image/txt2img/async/results`, {
    query: { task_id: taskId },
    schema: taskResultSchema,
  });
  const outputs = task.sub_task_results;
  const output =
    outputs.find((o) => o.index === index) ??
    (outputs.some((o) => o.index !== undefined) ? undefined : outputs[index]);
  const picture = output ? pictureOfOutput(output) : null;
  if (!picture) throw new Error('not a picture');
  return picture;
}

/** An output as a picture: raster images only (an SVG cannot be a tool's input). */
export function pictureOfOutput(
  output: TaskResult['sub_task_results'][number],
): EditorPicture | null {
  const { image, url, width, height, mime } = output;
  if (!image || !url || !width || !height) return null;
  if (mime && mime !== 'image/png' && mime !== 'image/jpeg') return null;
  return { key: image, url, thumbUrl: output.thumb_url, width, height };
}

export function useOwnPicture(taskId: string | null, index: number) {
  return useQuery({
    queryKey: ['tools', 'picture', taskId, index],
    queryFn: () => getOwnPicture(taskId ?? '', index),
    enabled: taskId !== null,
    staleTime: Infinity,
    retry: false,
  });
}

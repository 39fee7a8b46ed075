import type { TaskType } from '@lumen/contracts/task-types';
import { readImageInfo } from '../comfyui/image-size';
import { maskAsTransparency, maskedTaskTypes, readSize } from '../edit-images';
import type { EngineIO, EngineTask } from '../engine';
import { pickImageSize } from './image-sizes';
import { OpenAiError } from './openai-errors';

/** The tools the image edits endpoint serves besides img2img. */
export const editTaskTypes: ReadonlySet<TaskType> = new Set<TaskType>([
  'image_edit',
  'inpaint',
  'erase',
]);

/**
 * The eraser's instruction: the edits endpoint always takes a prompt, and gpt-image follows
 * instructions, so it is told to remove rather than given a scene to paint.
 */
export const OPENAI_ERASE_PROMPT =
  'Remove whatever is in the transparent area of the mask and fill it with the background ' +
  'that surrounds it, seamlessly, matching light, texture and perspective. Add nothing new.';

/**
 * One request to `POST /images/edits` for an editing tool: the picture as `image`, for a
 * repaint or an erase the mask as `mask` (converted to the API's convention: an RGBA PNG the
 * picture's size whose transparent pixels are edited), the prompt (the eraser's own), and the
 * API size nearest the picture's shape. One result per request: the editing tools make one
 * output, and the engines' last step brings it back to the picture's size.
 */
export async function buildEditForm(
  task: EngineTask,
  io: EngineIO,
  request: { fields: Record<string, string | number>; extra: Record<string, string | number> },
  sizes: string[],
): Promise<FormData> {
  const [pictureKey] = task.inputs.images;
  if (!pictureKey) throw new OpenAiError('bad_input', `${task.taskType} needs an input image`);
  const maskKey = task.inputs.masks?.[0];
  if (maskedTaskTypes.has(task.taskType) && !maskKey) {
    throw new OpenAiError('bad_input', `${task.taskType} needs a mask`);
  }
  const picture = await io.readInput(pictureKey);
  const pictureSize = await readSize(picture);
  const shape = `${pictureSize.width}:${pictureSize.height}`;
  const all: Record<string, string | number> = {
    ...request.fields,
    ...(task.taskType === 'erase' ? { prompt: OPENAI_ERASE_PROMPT } : {}),
    n: 1,
    size: pickImageSize(shape, Math.max(pictureSize.width, pictureSize.height), sizes),
    ...request.extra,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(all)) form.append(key, String(value));
  const mime = readImageInfo(picture)?.mime ?? 'image/png';
  const extension = mime.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
  form.append('image', new Blob([new Uint8Array(picture)], { type: mime }), `image.${extension}`);
  if (maskKey && maskedTaskTypes.has(task.taskType)) {
    const mask = await maskAsTransparency(await io.readInput(maskKey), pictureSize);
    form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
  }
  return form;
}

import { ErrorCode } from '@lumen/contracts/error-codes';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { AppError } from '../../lib/app-error';
import type { GenerationMedia } from './generation.ports';
import { IMAGE_INPUT_MAX_BYTES, portraitTaskTypes } from './task-input';

const imageRules = {
  maxBytes: IMAGE_INPUT_MAX_BYTES,
  minSide: 300,
  minRatio: 1 / 2.5,
  maxRatio: 2.5,
};
/**
 * Spec §5 per tool: 3D input under 4K; upscaling takes small pictures up to 2048 px (the
 * choice of 2×, 4× or 4K narrows that, see planUpscale); background removal up to 4096 px,
 * the most the cut-out model's resize step takes.
 */
const rulesByTaskType: Partial<Record<TaskType, typeof imageRules & { maxSide?: number }>> = {
  image_to_3d: { ...imageRules, maxSide: 4096 },
  upscale: { ...imageRules, minSide: 64, maxSide: 2048 },
  remove_bg: { ...imageRules, maxSide: 4096 },
};

/** A picture a cut-out is laid on: §5's image rules, at most the cut-out's own limit. */
export const backgroundImageRules = { ...imageRules, maxSide: 4096 };

export type CheckedImage = { key: string; width: number; height: number };

export type TaskFileDeps = {
  media: GenerationMedia;
  /** How many faces a picture shows (the portrait check). */
  countFaces(image: Buffer): Promise<number>;
};

/**
 * Checks the files a submission names against its tool's rules (spec §5): each is the
 * user's own, of the right type and size; keyframes have similar shapes; a portrait tool's
 * picture shows exactly one face. Refusals are 1001 with the message the user should see,
 * raised before any credits are touched.
 */
export async function checkTaskFiles(
  deps: TaskFileDeps,
  userId: number,
  taskType: TaskType,
  body: Pick<GatewaySubmit, 'images' | 'audios'>,
): Promise<{ images: CheckedImage[]; audios: string[] }> {
  const images: CheckedImage[] = [];
  for (const key of body.images) {
    images.push(
      await deps.media.checkImageInput(userId, key, rulesByTaskType[taskType] ?? imageRules),
    );
  }
  const [first, last] = images;
  if (taskType === 'video_diffusion_keyframes' && first && last) {
    const ratio = first.width / first.height / (last.width / last.height);
    if (ratio < 0.8 || ratio > 1.25)
      throw new AppError(ErrorCode.invalidParams, 'errors.keyframeRatio');
  }
  const audios: string[] = [];
  for (const key of body.audios) audios.push((await deps.media.checkAudioInput(userId, key)).key);
  if (portraitTaskTypes.has(taskType)) {
    for (const image of images) {
      const faces = await deps.countFaces(await deps.media.readInput(image.key));
      if (faces === 0) throw new AppError(ErrorCode.invalidParams, 'errors.noPortrait');
      if (faces > 1) throw new AppError(ErrorCode.invalidParams, 'errors.manyFaces', { faces });
    }
  }
  return { images, audios };
}

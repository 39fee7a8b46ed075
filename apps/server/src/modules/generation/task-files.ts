import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@lumen/contracts/media';
import { ErrorCode } from '@lumen/contracts/error-codes';
import type { GatewaySubmit } from '@lumen/contracts/tasks';
import type { TaskType } from '@lumen/contracts/task-types';
import { AppError } from '../../lib/app-error';
import type { GenerationMedia } from './generation.ports';
import { commonVideoRules, imageRulesOf, toolOf, videoRulesOf } from '@lumen/contracts/tools';
import { maskOf, portraitTaskTypes } from './task-input';
import { clipFaceCount, clipStills } from './clip-stills';

/** A picture a cut-out is laid on: the cut-out's own picture rules. */
export const backgroundImageRules = imageRulesOf('remove_bg');

/**
 * A mask is drawn by the editor at the picture's size; any size of the same shape is taken
 * (engines scale it to the picture), so a client may send a smaller one.
 */
const maskRules = { maxBytes: 20 * 1024 * 1024, minSide: 16, minRatio: 0.1, maxRatio: 10 };
const MASK_RATIO_TOLERANCE = 0.02;

/** Whether a mask has any white in it: an empty one would run, and charge, for nothing. */
async function marksSomething(bytes: Buffer): Promise<boolean> {
  const stats = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
    .greyscale()
    .stats()
    .catch(() => undefined);
  return (stats?.channels[0]?.max ?? 0) >= 128;
}

export type CheckedImage = { key: string; width: number; height: number };
export type CheckedVideo = {
  key: string;
  width: number;
  height: number;
  durationS: number;
  /** The run that made the clip, when it is one of the user's results. */
  taskId: string | null;
};

/** Spec §4: an extended video cannot be enhanced to 4K or lip-synced. */
const notForExtended: ReadonlySet<TaskType> = new Set(['video_creative_upscaler', 'mouth_speech']);

export type TaskFileDeps = {
  /** The task type of one of the user's runs (§4 follows a clip's lineage). */
  taskTypeOf?(taskId: string): Promise<string | undefined>;
  media: GenerationMedia;
  /** How many faces a picture shows (the portrait check). */
  countFaces(image: Buffer): Promise<number>;
};

/**
 * How many faces a clip shows: its stills counted one by one (see `clipFaceCount`). A clip
 * ffprobe read but ffmpeg cannot decode is the user's to replace, not a server failure.
 */
async function countFacesInClip(deps: TaskFileDeps, clip: CheckedVideo): Promise<number> {
  const bytes = await deps.media.readInput(clip.key);
  const stills = await clipStills(bytes, clip.durationS).catch(() => {
    throw new AppError(ErrorCode.invalidParams, 'errors.clipUnreadable');
  });
  const counts: number[] = [];
  for (const still of stills) counts.push(await deps.countFaces(still));
  return clipFaceCount(counts);
}

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
  body: GatewaySubmit,
): Promise<{
  images: CheckedImage[];
  videos: CheckedVideo[];
  audios: string[];
  masks: string[];
}> {
  const images: CheckedImage[] = [];
  const rules = imageRulesOf(taskType);
  for (const key of body.images) {
    images.push(await deps.media.checkImageInput(userId, key, rules));
  }
  const [first, last] = images;
  if (taskType === 'video_diffusion_keyframes' && first && last) {
    const ratio = first.width / first.height / (last.width / last.height);
    if (ratio < 0.8 || ratio > 1.25)
      throw new AppError(ErrorCode.invalidParams, 'errors.keyframeRatio');
  }
  const videos: CheckedVideo[] = [];
  const clipRules = videoRulesOf(taskType);
  if (notForExtended.has(taskType)) {
    // Spec §4 first: its reason says more than the length or shape an extended clip also fails.
    for (const key of body.videos) {
      const { taskId } = await deps.media.checkVideoInput(userId, key, commonVideoRules);
      if (taskId && (await deps.taskTypeOf?.(taskId)) === 'video_extend') {
        throw new AppError(ErrorCode.invalidParams, 'errors.extendedVideo');
      }
    }
  }
  for (const key of body.videos) {
    videos.push(
      await deps.media.checkVideoInput(userId, key, {
        maxBytes: clipRules.maxBytes,
        maxDurationS: clipRules.maxDurationS,
        maxSide: clipRules.maxSide,
        ...(clipRules.ratio ? { shape: clipRules.ratio } : {}),
      }),
    );
  }
  const audios: string[] = [];
  for (const key of body.audios) audios.push((await deps.media.checkAudioInput(userId, key)).key);
  if (portraitTaskTypes.has(taskType)) {
    for (const image of images) {
      const refusal = portraitRefusal(await deps.countFaces(await deps.media.readInput(image.key)));
      if (refusal) throw refusal;
    }
    for (const clip of videos) {
      const refusal = portraitRefusal(await countFacesInClip(deps, clip), 'clip');
      if (refusal) throw refusal;
    }
  }
  const maskKey = maskOf(body);
  const masks: string[] = [];
  if (maskKey !== undefined && images[0])
    masks.push(await checkMask(deps, userId, maskKey, images[0]));
  return { images, videos, audios, masks };
}

/**
 * Why a picture (or a clip) showing `faces` faces is not the clear portrait of spec §5, if it
 * is not. A clip's refusal says "clip", so the user knows which file to change.
 */
export function portraitRefusal(
  faces: number,
  of: 'picture' | 'clip' = 'picture',
): AppError | null {
  const clip = of === 'clip';
  if (faces === 0)
    return new AppError(
      ErrorCode.invalidParams,
      clip ? 'errors.noPortraitClip' : 'errors.noPortrait',
    );
  if (faces > 1)
    return new AppError(
      ErrorCode.invalidParams,
      clip ? 'errors.manyFacesClip' : 'errors.manyFaces',
      {
        faces,
      },
    );
  return null;
}

/**
 * The portrait check alone, before a submission (the lip sync screen asks it when a picture or
 * a clip is chosen): the user's own picture or clip, checked against the portrait tool's rules
 * for it, and the number of faces it shows (a clip's counted as a submission counts them).
 */
export async function countPortraitFaces(
  deps: TaskFileDeps,
  userId: number,
  key: string,
  taskType: TaskType = 'mouth_speech',
): Promise<{ faces: number; of: 'picture' | 'clip' }> {
  const [described] = await deps.media.describeInputs([key]);
  if (described?.kind === 'video' && (toolOf(taskType).inputs.videos?.[1] ?? 0) > 0) {
    const rules = videoRulesOf(taskType);
    const clip = await deps.media.checkVideoInput(userId, key, {
      maxBytes: rules.maxBytes,
      maxDurationS: rules.maxDurationS,
      maxSide: rules.maxSide,
      ...(rules.ratio ? { shape: rules.ratio } : {}),
    });
    return { faces: await countFacesInClip(deps, clip), of: 'clip' };
  }
  const image = await deps.media.checkImageInput(userId, key, imageRulesOf(taskType));
  return { faces: await deps.countFaces(await deps.media.readInput(image.key)), of: 'picture' };
}

/**
 * A mask for `picture`: the user's own PNG or JPEG of the picture's shape with some white in
 * it (an empty one would run, and charge, for nothing). Answers its key.
 */
export async function checkMask(
  deps: TaskFileDeps,
  userId: number,
  key: string,
  picture: CheckedImage,
): Promise<string> {
  const mask = await deps.media.checkImageInput(userId, key, maskRules);
  const drift = mask.width / mask.height / (picture.width / picture.height);
  if (Math.abs(drift - 1) > MASK_RATIO_TOLERANCE) {
    throw new AppError(ErrorCode.invalidParams, 'errors.maskShape', {
      width: picture.width,
      height: picture.height,
    });
  }
  if (!(await marksSomething(await deps.media.readInput(mask.key)))) {
    throw new AppError(ErrorCode.invalidParams, 'errors.maskEmpty');
  }
  return mask.key;
}

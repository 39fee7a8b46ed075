import {
  IMAGE_MAX_RATIO,
  IMAGE_MIN_RATIO,
  IMAGE_MIN_SIDE_PX,
  TASK_IMAGE_MAX_BYTES,
} from '@lumen/contracts/media';
import { isApiError } from '../../shared/api/api-error';
import { completeUpload, createUpload, putUpload } from './api/create-upload';

/** What a tool demands of an input image (spec §5). */
export interface ImageRules {
  maxBytes: number;
  minSide: number;
  minRatio: number;
  maxRatio: number;
  maxSide?: number;
}

export const taskImageRules: ImageRules = {
  maxBytes: TASK_IMAGE_MAX_BYTES,
  minSide: IMAGE_MIN_SIDE_PX,
  minRatio: IMAGE_MIN_RATIO,
  maxRatio: IMAGE_MAX_RATIO,
};

/** Spec §5: 3D input must be under 4K. */
export const modelImageRules: ImageRules = { ...taskImageRules, maxSide: 4096 };

/** Spec §5, §9: first and last frames may differ in shape by at most this factor. */
export const KEYFRAME_MIN_RATIO = 0.8;
export const KEYFRAME_MAX_RATIO = 1.25;

const acceptedTypes = ['image/png', 'image/jpeg'];
export const ACCEPTED_IMAGE_TYPES = acceptedTypes.join(',');

/** An i18n key under `generate.upload` and its values: what is wrong with a picked file. */
export interface ImageProblem {
  key:
    | 'invalidFormat'
    | 'tooLarge'
    | 'tooSmall'
    | 'tooBig'
    | 'ratio'
    | 'keyframeRatio'
    | 'unreadable'
    | 'failed';
  values?: Record<string, string | number>;
}

export interface ImageSize {
  width: number;
  height: number;
}

export class ImageCheckError extends Error {
  readonly problem: ImageProblem;
  constructor(problem: ImageProblem, message?: string) {
    super(message ?? problem.key);
    this.problem = problem;
  }
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export function checkImageFile(
  file: Pick<File, 'type' | 'size'>,
  rules: ImageRules,
): ImageProblem | null {
  if (!acceptedTypes.includes(file.type)) return { key: 'invalidFormat' };
  if (file.size > rules.maxBytes)
    return { key: 'tooLarge', values: { size: megabytes(rules.maxBytes) } };
  return null;
}

export function checkImageSize(size: ImageSize, rules: ImageRules): ImageProblem | null {
  if (Math.min(size.width, size.height) < rules.minSide)
    return { key: 'tooSmall', values: { px: rules.minSide } };
  if (rules.maxSide !== undefined && Math.max(size.width, size.height) > rules.maxSide) {
    return { key: 'tooBig', values: { px: rules.maxSide } };
  }
  const ratio = size.width / size.height;
  if (ratio < rules.minRatio || ratio > rules.maxRatio) return { key: 'ratio' };
  return null;
}

/** The first and last frames of a keyframe video must have similar shapes. */
export function checkKeyframePair(first: ImageSize, last: ImageSize): ImageProblem | null {
  const ratio = first.width / first.height / (last.width / last.height);
  return ratio < KEYFRAME_MIN_RATIO || ratio > KEYFRAME_MAX_RATIO ? { key: 'keyframeRatio' } : null;
}

/** Pixel size of a picked file, decoded by the browser. */
export function readImageSize(file: Blob): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
      URL.revokeObjectURL(url);
    };
    image.onerror = () => {
      reject(new ImageCheckError({ key: 'unreadable' }));
      URL.revokeObjectURL(url);
    };
    image.src = url;
  });
}

/** Runs the spec §5 checks before anything is sent; throws ImageCheckError with the reason. */
export async function precheckImage(
  file: File,
  rules: ImageRules,
  readSize: (file: Blob) => Promise<ImageSize> = readImageSize,
): Promise<ImageSize> {
  const fileProblem = checkImageFile(file, rules);
  if (fileProblem) throw new ImageCheckError(fileProblem);
  const size = await readSize(file);
  const sizeProblem = checkImageSize(size, rules);
  if (sizeProblem) throw new ImageCheckError(sizeProblem);
  return size;
}

export interface UploadedImage extends ImageSize {
  key: string;
}

/**
 * Uploads a checked image through the presigned PUT of spec §7 and lets the server inspect
 * it. A refusal from the server keeps its own message (already translated by the server).
 */
export async function uploadImage(
  file: File,
  size: ImageSize,
  signal?: AbortSignal,
): Promise<UploadedImage> {
  try {
    const ticket = await createUpload(file);
    if (!(await putUpload(ticket, file, signal))) throw new ImageCheckError({ key: 'failed' });
    const media = await completeUpload(ticket.key);
    return {
      key: media.key,
      width: media.width ?? size.width,
      height: media.height ?? size.height,
    };
  } catch (error) {
    if (error instanceof ImageCheckError) throw error;
    if (isApiError(error)) throw new ImageCheckError({ key: 'failed' }, error.msg);
    throw new ImageCheckError({ key: 'failed' });
  }
}

import type { UploadedMedia } from '@lumen/contracts/media';
import { isApiError } from '../../shared/api/api-error';
import { completeUpload, createUpload, putUpload } from '../generate/api/create-upload';

/** Why an upload did not go through: the server's own (translated) words, or none. */
export class UploadError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'upload failed');
  }
}

/** Uploads a clip or a sound through the presigned PUT of spec §7; the server inspects it. */
export async function uploadMedia(file: File): Promise<UploadedMedia> {
  try {
    const ticket = await createUpload(file);
    if (!(await putUpload(ticket, file))) throw new UploadError(null);
    return await completeUpload(ticket.key);
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(isApiError(error) ? error.msg : null);
  }
}

export interface ClipFacts {
  width: number;
  height: number;
  durationS: number;
}

/** A clip's size and length as the browser reads it; rejects when it cannot be played. */
export function readClipFacts(file: Blob): Promise<ClipFacts> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      resolve({ width: video.videoWidth, height: video.videoHeight, durationS: video.duration });
      URL.revokeObjectURL(url);
    };
    video.onerror = () => {
      reject(new Error('unreadable'));
      URL.revokeObjectURL(url);
    };
    video.src = url;
  });
}

/** How far a clip's shape may be from the asked one and still count as it (the gateway's 3 %). */
const SHAPE_TOLERANCE = 0.03;

/** What is wrong with a clip for a tool's rules, as an i18n key under `videoTools.lipSync.clip`. */
export function clipProblem(
  file: Pick<File, 'type' | 'size'>,
  facts: ClipFacts | null,
  rules: { maxBytes: number; maxDurationS: number; ratio?: '16:9' | '1:1' },
): { key: string; values?: Record<string, string | number> } | null {
  if (file.type !== 'video/mp4') return { key: 'notMp4' };
  if (file.size > rules.maxBytes) return { key: 'tooLarge' };
  if (!facts || !facts.width || !facts.height) return { key: 'unreadable' };
  if (rules.ratio) {
    const [w, h] = rules.ratio.split(':').map(Number) as [number, number];
    if (Math.abs(facts.width / facts.height / (w / h) - 1) > SHAPE_TOLERANCE) {
      return { key: 'notSquare', values: { width: facts.width, height: facts.height } };
    }
  }
  if (facts.durationS > rules.maxDurationS + 0.05) {
    return {
      key: 'tooLong',
      values: { seconds: rules.maxDurationS, duration: Math.round(facts.durationS * 10) / 10 },
    };
  }
  return null;
}

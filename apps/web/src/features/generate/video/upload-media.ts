import { isApiError } from '../../../shared/api/api-error';
import { completeUpload, createUpload, putUpload } from '../api/create-upload';
import type { ClipFacts } from './video-rules';

/** An upload refused or failed; `message` is the server's own (translated) reason when it gave one. */
export class UploadError extends Error {}

/** Uploads a clip or a sound through the presigned PUT of spec §7; answers what the server read. */
export async function uploadMedia(file: File) {
  try {
    const ticket = await createUpload(file);
    if (!(await putUpload(ticket, file))) throw new UploadError('failed');
    return await completeUpload(ticket.key);
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(isApiError(error) ? error.msg : 'failed');
  }
}

/** How long the browser may take to read a clip's header before the server's reading is used. */
const METADATA_WAIT_MS = 8000;

/**
 * A clip's length and frame as the browser reads them, or null when it cannot (a codec it does
 * not play): the server reads every upload anyway, and its answer is checked again.
 */
export function readClipFacts(url: string, bytes: number | null): Promise<ClipFacts | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const done = (facts: ClipFacts | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      resolve(facts);
    };
    const timer = setTimeout(() => done(null), METADATA_WAIT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () =>
      done({
        bytes,
        durationS: video.duration,
        width: video.videoWidth,
        height: video.videoHeight,
      });
    video.onerror = () => done(null);
    video.src = url;
  });
}

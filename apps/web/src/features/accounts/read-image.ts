/** Spec §5: screenshots are png or jpg, at most 5 MB. */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const imageTypes = new Set(['image/png', 'image/jpeg']);

export type ImageProblem = 'format' | 'size';

export function checkImage(file: File): ImageProblem | null {
  if (!imageTypes.has(file.type)) return 'format';
  if (file.size > FEEDBACK_IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Reads a picked file as a data URL, the form the feedback call takes. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

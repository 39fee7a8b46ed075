import { downloadResultSchema, type MediaKind } from '@lumen/contracts/media';
import { api } from './client';

const extensions: Partial<Record<MediaKind, string>> = { image: 'png', video: 'mp4', model: 'glb' };

/**
 * Spec §7: asks `GET /api/gw/v2/downloads/media` for the address (the server applies the
 * watermark rule of §6, and makes a watermarked twin the first time one is asked for), fetches
 * it as a blob and saves it as png, mp4 or glb. Failures are silent, as the spec says; the
 * answer only tells the button to stop its spinner.
 */
export async function downloadMedia(input: {
  type: MediaKind;
  key: string;
  name: string;
  /** The `wm` flag the studio sends; the server decides either way. */
  watermark?: boolean;
  /** The file's extension when the type's usual one does not fit (a traced SVG). */
  extension?: string;
}): Promise<boolean> {
  try {
    const { url } = await api.get('/api/gw/v2/downloads/media', {
      query: {
        type: input.type,
        key: input.key,
        ...(input.watermark === undefined ? {} : { wm: input.watermark ? 1 : 0 }),
      },
      schema: downloadResultSchema,
      silent: true,
    });
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return false;
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = `${input.name}.${input.extension ?? extensions[input.type] ?? 'bin'}`;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoking at once can cancel the save in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    return true;
  } catch {
    return false;
  }
}

import { downloadResultSchema } from '@lumen/contracts/media';
import { api } from '../../../shared/api/client';
import { downloadTypes, type LibraryKind } from '../library-kinds';

/**
 * Spec §7: ask `GET /api/gw/v2/downloads/media` for the address (the server applies the
 * watermark rule of §6), fetch it as a blob and save it as png, mp4 or glb. Failures are silent,
 * as the spec says; the returned flag only stops the button's spinner.
 */
export async function downloadMedia(
  kind: LibraryKind,
  key: string,
  name: string,
): Promise<boolean> {
  const { type, ext } = downloadTypes[kind];
  try {
    const { url } = await api.get('/api/gw/v2/downloads/media', {
      query: { type, key },
      schema: downloadResultSchema,
      silent: true,
    });
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return false;
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = `${name}.${ext}`;
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

import { downloadResultSchema } from '@lumen/contracts/media';
import { api } from '../../../shared/api/client';

export type DownloadKind = 'image' | 'video' | 'model';

const extensions: Record<DownloadKind, string> = { image: 'png', video: 'mp4', model: 'glb' };

/**
 * Spec §7: asks `GET /api/gw/v2/downloads/media` for the address (the server applies the
 * watermark rule of §6), fetches it as a blob and saves it as png, mp4 or glb. Failures are
 * silent, as the spec says.
 */
export async function downloadMedia(input: {
  kind: DownloadKind;
  key: string;
  watermark: boolean;
  name: string;
}): Promise<void> {
  try {
    const { url } = await api.get('/api/gw/v2/downloads/media', {
      query: { type: input.kind, key: input.key, wm: input.watermark ? 1 : 0 },
      schema: downloadResultSchema,
      silent: true,
    });
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return;
    const href = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = href;
    link.download = `${input.name}.${extensions[input.kind]}`;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoking at once can cancel the save in some browsers.
    window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch {
    // Spec §7: download failures are silent.
  }
}

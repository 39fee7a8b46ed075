import { exportMask } from '../../tools/editor/export-mask';
import type { BrushArea } from './motion-brush';
import { uploadMedia } from './upload-media';

/**
 * Each brushed area as the gateway takes it: a PNG mask the picture's own size, white where
 * the area is painted, uploaded; answers the masks' keys in the areas' order.
 */
export async function exportBrushMasks(
  areas: readonly BrushArea[],
  width: number,
  height: number,
): Promise<string[]> {
  const keys: string[] = [];
  for (const area of areas) {
    const file = await exportMask(area.strokes, width, height);
    keys.push((await uploadMedia(file)).key);
  }
  return keys;
}

import { encodeGreyPng } from './encode-png';
import type { MaskOp } from './mask-history';
import { rasterizeMask } from './rasterize-mask';

/**
 * The mask as the gateway takes it: a PNG the picture's own size, white where the edit goes
 * and black elsewhere, whatever the zoom it was painted at.
 */
export async function exportMask(
  ops: readonly MaskOp[],
  width: number,
  height: number,
): Promise<File> {
  const png = await encodeGreyPng(rasterizeMask(ops, width, height), width, height);
  return new File([png as BlobPart], 'mask.png', { type: 'image/png' });
}

import sharp from 'sharp';
import type { CameraPose } from './camera-path';
import type { Size } from './dimensions';
import { opaqueBox, packLayer, type Box, type Layer, type LayerView } from './frame-sampler';
import { previewMarkPosition, previewMarkSvg } from './preview-mark';

/** Frame-sized premultiplied overlay (a seal, the PREVIEW mark) that stays put. */
export async function renderFrameOverlay(
  size: Size,
  sceneOverlaySvg?: string,
): Promise<Layer & { box: Box }> {
  const mark = previewMarkSvg(Math.min(size.width, size.height));
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  const base = sceneOverlaySvg
    ? sharp(Buffer.from(sceneOverlaySvg))
    : sharp({ create: { ...size, channels: 4, background: transparent } });
  const rgba = await base
    .composite([{ input: Buffer.from(mark.svg), ...previewMarkPosition(size.width, size.height) }])
    .ensureAlpha()
    .raw()
    .toBuffer();
  const layer = packLayer(size.width, size.height, rgba, 4);
  return { ...layer, box: opaqueBox(layer) };
}

/** Maps a camera pose to a view into a layer covering [−margin, 1 + margin] of the frame. */
export function viewOf(
  pose: CameraPose,
  layer: Layer,
  size: Size,
  margin: number,
  shear = 0,
): LayerView {
  const unitW = layer.width / (1 + 2 * margin);
  const unitH = layer.height / (1 + 2 * margin);
  const half = 0.5 / pose.zoom;
  return {
    x0: (pose.cx - half + margin) * unitW,
    y0: (pose.cy - half + margin) * unitH,
    scale: unitW / pose.zoom / size.width,
    shear: shear * unitW,
  };
}

/** The input cover-fitted to the frame at `density`× its pixels, as an opaque layer. */
export async function coverLayer(input: Buffer, size: Size, density: number): Promise<Layer> {
  const width = Math.round(size.width * density);
  const height = Math.round(size.height * density);
  const data = await sharp(input)
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return packLayer(width, height, data, 3);
}

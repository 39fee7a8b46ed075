import sharp from 'sharp';
import type { CameraPose } from '../camera-path';
import type { Size } from '../dimensions';
import { drawSprite, packLayer, type Layer } from '../frame-sampler';
import type { Scene } from '../scene';
import type { DrawContext } from '../scene-draw';
import { el } from '../svg';
import { renderPlacedSubject, type PlacedSubject } from './compose';

/**
 * A video's subjects: each one rasterised once as a small cut-out (a sprite) over its own
 * box of the frame, then drawn into every frame where the camera puts the nearest ridge,
 * with a little idle motion of its own, so the subjects move with the land and live.
 */
export type SubjectSprite = {
  layer: Layer;
  /** The sprite's box in frame units (x in widths, y in heights). */
  box: { x: number; y: number; w: number; h: number };
  placed: PlacedSubject;
};

export async function renderSubjectSprites(
  scene: Scene,
  size: Size,
  density: number,
): Promise<SubjectSprite[]> {
  const { width: W, height: H } = size;
  const S = Math.min(W, H);
  const order = [...scene.subjects].sort((a, b) => a.ground - b.ground);
  return Promise.all(
    order.map(async (placed, i) => {
      // Room for the shadow, the outline and the idle motion around the pictogram.
      const side = placed.size * S * 1.25;
      const box = {
        x: placed.x - side / 2 / W,
        y: placed.ground - (placed.size * S * 1.1) / H,
        w: side / W,
        h: side / H,
      };
      const ctx: DrawContext = {
        scene,
        W,
        H,
        X: (x) => x * W,
        Y: (y) => y * H,
        R: (r) => r * S,
        defs: [],
      };
      const body = renderPlacedSubject(ctx, placed, String(i));
      const pixelWidth = Math.max(2, Math.round(box.w * W * density));
      const pixelHeight = Math.max(2, Math.round(box.h * H * density));
      const svg = el(
        'svg',
        {
          xmlns: 'http://www.w3.org/2000/svg',
          width: pixelWidth,
          height: pixelHeight,
          viewBox: `${box.x * W} ${box.y * H} ${box.w * W} ${box.h * H}`,
          preserveAspectRatio: 'none',
        },
        `<defs>${ctx.defs.join('')}</defs>${body}`,
      );
      const { data, info } = await sharp(Buffer.from(svg))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { layer: packLayer(info.width, info.height, data, 4), box, placed };
    }),
  );
}

/**
 * Draws the sprites for camera `pose` at time `u` (0–1): each bobs and sways on its own phase,
 * `cycles` times over the clip, so the loop of a short clip stays calm.
 */
export function drawSubjectSprites(
  out: Uint32Array,
  size: Size,
  sprites: readonly SubjectSprite[],
  pose: CameraPose,
  u: number,
  cycles: number,
): void {
  const { width: W, height: H } = size;
  const S = Math.min(W, H);
  const half = 0.5 / pose.zoom;
  for (const { layer, box, placed } of sprites) {
    const t = 2 * Math.PI * (u * cycles + placed.phase);
    const bob = (Math.abs(Math.sin(t)) * 0.03 * placed.size * S) / H;
    const sway = (Math.sin(t / 2) * 0.012 * placed.size * S) / W;
    const pxPerUnitX = layer.width / box.w;
    const pxPerUnitY = layer.height / box.h;
    drawSprite(out, W, H, layer, {
      x0: (pose.cx - half - box.x - sway) * pxPerUnitX,
      y0: (pose.cy - half - box.y + bob) * pxPerUnitY,
      scale: pxPerUnitX / pose.zoom / W,
    });
  }
}

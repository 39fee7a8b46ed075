import sharp from 'sharp';
import {
  checkpoint,
  EditInputError,
  flattenPicture,
  readMask,
  readPicture,
} from '../edit/edit-image';
import { eraseMasked } from '../edit/erase';
import { drawSprite, packLayer, type Layer } from '../frame-sampler';
import { encodeToolClip, evenSize, type VideoToolOptions, type VideoToolResult } from './tool-clip';

/** One brushed area: its mask (white where painted) and its track as picture fractions. */
export type BrushArea = { mask: Buffer; track: [number, number][] };

export type MotionBrushOptions = VideoToolOptions & {
  durationS: number;
  fps: number;
  /** Longest side of the clip; larger pictures are scaled down (default 1920). */
  maxSide?: number;
};

/** A region cut out of the picture with a feathered edge, and where its cut-out sits. */
type Region = { sprite: Layer; left: number; top: number; path: (u: number) => [number, number] };

/**
 * A point along the track at `u` in 0–1: Catmull-Rom through the points, so the path bends
 * smoothly through every point instead of turning at corners, with each stretch given time
 * in proportion to its length, so the speed does not jump between stretches.
 */
export function trackPoint(track: readonly [number, number][], u: number): [number, number] {
  const n = track.length;
  const at = (i: number) => track[Math.max(0, Math.min(n - 1, i))]!;
  const lengths = [0];
  for (let i = 1; i < n; i++) {
    const [ax, ay] = at(i - 1);
    const [bx, by] = at(i);
    lengths.push(lengths[i - 1]! + Math.hypot(bx - ax, by - ay));
  }
  const total = lengths[n - 1]!;
  if (total === 0 || n < 2) return at(0);
  const s = Math.max(0, Math.min(1, u)) * total;
  let i = 0;
  while (i < n - 2 && lengths[i + 1]! < s) i++;
  const t = (s - lengths[i]!) / Math.max(1e-9, lengths[i + 1]! - lengths[i]!);
  const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
  const t2 = t * t;
  const t3 = t2 * t;
  const axis = (k: 0 | 1) =>
    0.5 *
    (2 * p1[k] +
      (p2[k] - p0[k]) * t +
      (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 +
      (3 * p1[k] - p0[k] - 3 * p2[k] + p3[k]) * t3);
  return [axis(0), axis(1)];
}

function validateAreas(areas: readonly BrushArea[]): void {
  if (areas.length === 0) {
    throw new EditInputError('bad_track', 'The magic brush needs at least one brushed area');
  }
  for (const [i, area] of areas.entries()) {
    if (area.track.length < 2) {
      throw new EditInputError('bad_track', `Area ${i + 1}'s track needs at least two points`);
    }
    for (const [x, y] of area.track) {
      if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) {
        throw new EditInputError('bad_track', `Area ${i + 1}'s track leaves the picture`);
      }
    }
  }
}

/**
 * The region under `mask` as a sprite with premultiplied alpha: the mask blurred by
 * `feather` px, so the moved piece blends into the filled background instead of showing a
 * cut edge. The sprite keeps a transparent border, as drawSprite needs.
 */
async function cutRegion(
  rgb: Buffer,
  mask: Uint8Array,
  width: number,
  height: number,
  feather: number,
): Promise<{ sprite: Layer; left: number; top: number }> {
  const soft = await sharp(Buffer.from(mask.map((v) => v * 255)), {
    raw: { width, height, channels: 1 },
  })
    .blur(Math.max(0.3, feather / 2))
    .extractChannel(0)
    .raw()
    .toBuffer();
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!soft[y * width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  const left = x0 - 2;
  const top = y0 - 2;
  const w = x1 - x0 + 5;
  const h = y1 - y0 + 5;
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = left + x;
      const sy = top + y;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
      const p = sy * width + sx;
      const q = (y * w + x) * 4;
      rgb.copy(rgba, q, p * 3, p * 3 + 3);
      rgba[q + 3] = soft[p]!;
    }
  }
  return { sprite: packLayer(w, h, rgba, 4), left, top };
}

/** Union of the masks as a PNG, for one fill of everything that moves away. */
function unionMaskPng(masks: Uint8Array[], width: number, height: number): Promise<Buffer> {
  const union = Buffer.alloc(width * height);
  for (const mask of masks) for (let p = 0; p < union.length; p++) if (mask[p]) union[p] = 255;
  return sharp(union, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * Magic brush: each brushed area is cut out of the picture by its mask and carried along
 * its track over the clip, easing in and out; the track's first point is where the area
 * starts, later points are where it goes. The background the areas uncover is filled once,
 * for all of them together (the magic eraser), and the areas are laid over it in order.
 */
export async function motionBrush(
  image: Buffer,
  areas: BrushArea[],
  opts: MotionBrushOptions,
): Promise<VideoToolResult> {
  validateAreas(areas);
  const source = await readPicture(image);
  const size = evenSize(source.width, source.height, opts.maxSide ?? 1920);
  const { width, height } = size;
  const flat = flattenPicture(source);
  const rgb = await sharp(flat.rgb, {
    raw: { width: flat.width, height: flat.height, channels: 3 },
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer();
  const masks = await Promise.all(areas.map((area) => readMask(area.mask, width, height)));
  await checkpoint(opts, 0.05);
  const picture = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const erased = await eraseMasked(picture, await unionMaskPng(masks, width, height), {
    signal: opts.signal,
  });
  const background = await sharp(erased.bytes).removeAlpha().raw().toBuffer();
  await checkpoint(opts, 0.35);
  const feather = Math.max(1.5, Math.min(width, height) / 300);
  const regions: Region[] = [];
  for (const [i, mask] of masks.entries()) {
    const track = areas[i]!.track;
    const cut = await cutRegion(rgb, mask, width, height, feather);
    const [sx, sy] = track[0]!;
    regions.push({
      ...cut,
      path: (u) => {
        const [x, y] = trackPoint(track, u);
        return [(x - sx) * width, (y - sy) * height];
      },
    });
  }
  const backLayer = packLayer(width, height, background, 3);
  await checkpoint(opts, 0.4);
  const frameCount = Math.max(2, Math.round(opts.durationS * opts.fps));
  const clip = await encodeToolClip(
    {
      width,
      height,
      fps: opts.fps,
      frameCount,
      progressFrom: 0.4,
      renderFrame: (index, out) => {
        const u = index / (frameCount - 1);
        const eased = u * u * (3 - 2 * u);
        out.set(backLayer.data);
        for (const region of regions) {
          const [dx, dy] = region.path(eased);
          drawSprite(out, width, height, region.sprite, {
            x0: -(region.left + dx),
            y0: -(region.top + dy),
            scale: 1,
          });
        }
      },
    },
    opts,
  );
  const plural = areas.length === 1 ? 'area' : 'areas';
  return {
    ...clip,
    description:
      `Magic brush preview: ${areas.length} ${plural} moved along their tracks over ` +
      `${clip.durationS.toFixed(1)} s, the uncovered background filled by ${erased.description}`,
  };
}

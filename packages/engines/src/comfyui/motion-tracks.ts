import type { EngineSettings } from '@lumen/contracts/generation';
import type { Size } from '../edit-images';

/** Loaded on first use, as elsewhere: a worker that never brushes skips sharp's addon. */
async function loadSharp() {
  return (await import('sharp')).default;
}

/**
 * Points per track in `WanTrackToVideo`'s input: ComfyUI pads or cuts every track to 121
 * points (5 s at 24 fps) and maps them onto the model's 81 frames itself.
 */
export const TRACK_POINTS = 121;

/** Extra points taken inside each brushed area, so the whole area moves and not one pixel of it. */
const POINTS_PER_AREA = 4;
/** The grid a mask is read at to find where it is painted. */
const MASK_GRID = 24;

type Point = [number, number];
type Area = NonNullable<EngineSettings['motionBrush']>['areas'][number];

/** A polyline resampled to `count` points evenly spaced along its length. */
export function resampleTrack(track: readonly Point[], count: number): Point[] {
  const lengths = [0];
  for (let i = 1; i < track.length; i += 1) {
    const [ax, ay] = track[i - 1]!;
    const [bx, by] = track[i]!;
    lengths.push(lengths[i - 1]! + Math.hypot(bx - ax, by - ay));
  }
  const total = lengths.at(-1) ?? 0;
  const out: Point[] = [];
  for (let n = 0; n < count; n += 1) {
    const at = count === 1 ? 0 : (total * n) / (count - 1);
    let i = 1;
    while (i < track.length - 1 && lengths[i]! < at) i += 1;
    const [ax, ay] = track[i - 1] ?? track[0]!;
    const [bx, by] = track[i] ?? track[0]!;
    const span = lengths[i]! - lengths[i - 1]!;
    const t = span > 0 ? Math.min(1, Math.max(0, (at - lengths[i - 1]!) / span)) : 0;
    out.push([ax + (bx - ax) * t, ay + (by - ay) * t]);
  }
  return out;
}

/**
 * A few points inside a mask (white where painted), as fractions of the picture: the painted
 * cells of a coarse grid, picked evenly through the area so they spread over it.
 */
export async function pointsInMask(mask: Buffer, count: number): Promise<Point[]> {
  const sharp = await loadSharp();
  const { data } = await sharp(mask)
    .greyscale()
    .resize(MASK_GRID, MASK_GRID, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const painted: Point[] = [];
  for (let y = 0; y < MASK_GRID; y += 1) {
    for (let x = 0; x < MASK_GRID; x += 1) {
      if ((data[y * MASK_GRID + x] ?? 0) > 127) {
        painted.push([(x + 0.5) / MASK_GRID, (y + 0.5) / MASK_GRID]);
      }
    }
  }
  if (painted.length <= count) return painted;
  return Array.from(
    { length: count },
    (_, i) => painted[Math.floor(((i + 0.5) * painted.length) / count)]!,
  );
}

/**
 * The magic brush's areas as `WanTrackToVideo` takes them: a JSON list of tracks, each 121
 * `{x, y}` points in pixels of the generated frame. Each area gives its own track and, for
 * points spread inside its mask, the same movement shifted to start there, so the model moves
 * the painted area as one piece.
 */
export async function buildTracks(
  areas: readonly Area[],
  masks: readonly Buffer[],
  frame: Size,
): Promise<string> {
  const tracks: Array<Array<{ x: number; y: number }>> = [];
  const px = (fraction: number, side: number) =>
    Math.round(Math.min(1, Math.max(0, fraction)) * (side - 1));
  for (const [index, area] of areas.entries()) {
    const path = resampleTrack(area.track, TRACK_POINTS).map(([x, y]) => ({
      x: px(x, frame.width),
      y: px(y, frame.height),
    }));
    const start = path[0]!;
    const mask = masks[index];
    const anchors = mask ? await pointsInMask(mask, POINTS_PER_AREA) : [];
    tracks.push(path);
    // Offsets in whole pixels, so every point of an area moves by exactly the same amount.
    for (const [ax, ay] of anchors) {
      const dx = px(ax, frame.width) - start.x;
      const dy = px(ay, frame.height) - start.y;
      tracks.push(
        path.map(({ x, y }) => ({
          x: Math.min(frame.width - 1, Math.max(0, x + dx)),
          y: Math.min(frame.height - 1, Math.max(0, y + dy)),
        })),
      );
    }
  }
  return JSON.stringify(tracks);
}

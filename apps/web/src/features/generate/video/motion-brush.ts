import { MOTION_BRUSH_MAX_AREAS } from '@lumen/contracts/tools/video-motion-brush';
import type { MaskOp, MaskPoint } from '../../tools/editor/mask-history';

/** The brush colours, one per area, in the order new areas take them (distinct at a glance). */
export const brushColours = [
  '#ff0000',
  '#00c853',
  '#2979ff',
  '#ffd600',
  '#d500f9',
  '#ff6d00',
].slice(0, MOTION_BRUSH_MAX_AREAS);

/** The most points a track keeps (the gateway's limit). */
export const TRACK_MAX_POINTS = 64;

/** One painted area: its colour and its strokes in the picture's own pixels. */
export interface BrushArea {
  color: string;
  strokes: readonly MaskOp[];
  /** Where the area goes, as fractions of the picture's width and height; null until drawn. */
  track: readonly MaskPoint[] | null;
}

export type MotionBrush = readonly BrushArea[];

/** Why the brush cannot be sent yet: a key under `videoStudio.brush.problems`. */
export type BrushProblem = 'noArea' | 'noTrack' | 'shortTrack';

/** The colour a new area takes: the first one no area has; none when all are used. */
export function nextColour(brush: MotionBrush): string | null {
  return brushColours.find((c) => !brush.some((a) => a.color === c)) ?? null;
}

/** A new, empty area in the next free colour (each colour once); unchanged when all are used. */
export function addArea(brush: MotionBrush): MotionBrush {
  const color = nextColour(brush);
  return color ? [...brush, { color, strokes: [], track: null }] : brush;
}

/** Adds a stroke to the area of `color`. */
export function paintArea(brush: MotionBrush, color: string, stroke: MaskOp): MotionBrush {
  return brush.map((a) => (a.color === color ? { ...a, strokes: [...a.strokes, stroke] } : a));
}

/** Takes back the area's last stroke. */
export function undoStroke(brush: MotionBrush, color: string): MotionBrush {
  return brush.map((a) => (a.color === color ? { ...a, strokes: a.strokes.slice(0, -1) } : a));
}

/**
 * Sets the area's track: one trajectory per area, so a new one replaces the old. A track is
 * only drawn for an area that has paint; the points are thinned to the gateway's limit.
 */
export function setTrack(
  brush: MotionBrush,
  color: string,
  points: readonly MaskPoint[],
): MotionBrush {
  const area = brush.find((a) => a.color === color);
  if (!area || area.strokes.length === 0) return brush;
  const track = thinTrack(points);
  return brush.map((a) => (a.color === color ? { ...a, track } : a));
}

export function deleteTrack(brush: MotionBrush, color: string): MotionBrush {
  return brush.map((a) => (a.color === color ? { ...a, track: null } : a));
}

/** Removes an area and its track; its colour becomes free again. */
export function deleteArea(brush: MotionBrush, color: string): MotionBrush {
  return brush.filter((a) => a.color !== color);
}

/** At most TRACK_MAX_POINTS points, evenly chosen, first and last kept. */
export function thinTrack(points: readonly MaskPoint[]): MaskPoint[] {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const clamped = points.map(([x, y]) => [clamp(x), clamp(y)] as const);
  if (clamped.length <= TRACK_MAX_POINTS) return clamped;
  const step = (clamped.length - 1) / (TRACK_MAX_POINTS - 1);
  return Array.from(
    { length: TRACK_MAX_POINTS },
    (_, i) => clamped[Math.round(i * step)] as MaskPoint,
  );
}

/**
 * Spec §5's magic-brush rules as the user draws: at least one painted area, and each painted
 * area with its own track of at least two points. Areas with no paint are not sent.
 */
export function brushProblem(brush: MotionBrush): BrushProblem | null {
  const painted = brush.filter((a) => a.strokes.length > 0);
  if (painted.length === 0) return 'noArea';
  if (painted.some((a) => a.track === null)) return 'noTrack';
  if (painted.some((a) => (a.track?.length ?? 0) < 2)) return 'shortTrack';
  return null;
}

/** The areas sent: painted, with their tracks. */
export function paintedAreas(brush: MotionBrush): BrushArea[] {
  return brush.filter((a) => a.strokes.length > 0 && a.track !== null);
}

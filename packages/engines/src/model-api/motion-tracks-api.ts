import type { EngineSettings } from '@lumen/contracts/generation';

type Area = NonNullable<EngineSettings['motionBrush']>['areas'][number];

/** Kling's limits on a motion brush: at most six moving areas, 2–77 points per trajectory. */
export const KLING_MAX_AREAS = 6;
const KLING_MAX_POINTS = 77;

/**
 * An area's track as Kling's `trajectories`: pixels of the input picture with the origin at
 * its bottom-left corner (Kling's convention), thinned evenly to at most 77 points with the
 * first and last kept.
 */
export function klingTrajectory(
  track: Area['track'],
  size: { width: number; height: number },
): { x: number; y: number }[] {
  const step = Math.max(1, (track.length - 1) / (KLING_MAX_POINTS - 1));
  const picked: Area['track'] = [];
  for (let i = 0; i < track.length - 0.5; i += step) picked.push(track[Math.round(i)]!);
  if (picked.at(-1) !== track.at(-1)) picked.push(track.at(-1)!);
  return picked.slice(0, KLING_MAX_POINTS).map(([x, y]) => ({
    x: Math.round(x * (size.width - 1)),
    y: Math.round((1 - y) * (size.height - 1)),
  }));
}

const across = (dx: number) => (dx > 0.04 ? 'right' : dx < -0.04 ? 'left' : '');
const down = (dy: number) => (dy > 0.04 ? 'down' : dy < -0.04 ? 'up' : '');
const column = (x: number) => (x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : 'centre');
const row = (y: number) => (y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : 'middle');

/**
 * The brushed motion in words, for an image-to-video model that takes no tracks: where each
 * area starts and which way it goes ("the part at the middle left moves right"), after the
 * user's own prompt.
 */
export function describeTracks(prompt: string, areas: readonly Area[]): string {
  const moves = areas.flatMap(({ track }) => {
    const [start, end] = [track[0], track.at(-1)];
    if (!start || !end) return [];
    const way = [down(end[1] - start[1]), across(end[0] - start[0])].filter(Boolean).join(' and ');
    if (!way) return [];
    return [`the part at the ${row(start[1])} ${column(start[0])} moves ${way}`];
  });
  const said = moves.length ? `${moves.join(', ')}, the rest of the scene stays still` : '';
  return [prompt.trim(), said].filter(Boolean).join('. ');
}

import { getStroke } from 'perfect-freehand';
import type { MaskPoint } from './mask-history';

/**
 * The outline of a brush stroke through `points`, `size` picture pixels wide. An even width
 * (no thinning by speed): a mask brush marks an area, it is not a pen line.
 */
export function brushOutline(points: readonly MaskPoint[], size: number): MaskPoint[] {
  const outline = getStroke(
    points.map(([x, y]) => [x, y]),
    { size, thinning: 0, smoothing: 0.5, streamline: 0.4, simulatePressure: false, last: true },
  );
  return outline.map(([x, y]) => [x ?? 0, y ?? 0] as const);
}

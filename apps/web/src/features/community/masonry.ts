const MIN_COLUMNS = 2;
const MAX_COLUMNS = 6;
/** masonry-grid.module.css's container queries repeat these breakpoints. */
const MIN_COLUMN_WIDTH = 236;

/** Every column count a masonry grid can have. */
export const MASONRY_COLUMNS = Array.from(
  { length: MAX_COLUMNS - MIN_COLUMNS + 1 },
  (_, i) => MIN_COLUMNS + i,
);

/** How many columns a masonry grid of `width` pixels gets: at least two, even at 360 px. */
export function columnCountFor(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return MIN_COLUMNS;
  return Math.max(MIN_COLUMNS, Math.min(MAX_COLUMNS, Math.floor(width / MIN_COLUMN_WIDTH)));
}

/**
 * Places items in columns, each into the shortest so far (the leftmost on a tie). An item's
 * place depends only on the items before it, so appending a page never moves what is on screen.
 * `heightOf` gives an item's height relative to the column width (height ÷ width).
 */
export function distributeMasonry<T>(
  items: readonly T[],
  columns: number,
  heightOf: (item: T) => number,
): T[][] {
  const count = Math.max(1, Math.floor(columns));
  const placed: T[][] = Array.from({ length: count }, () => []);
  const heights = new Array<number>(count).fill(0);
  for (const item of items) {
    let target = 0;
    for (let c = 1; c < count; c += 1) if ((heights[c] ?? 0) < (heights[target] ?? 0)) target = c;
    placed[target]?.push(item);
    const h = heightOf(item);
    heights[target] = (heights[target] ?? 0) + (Number.isFinite(h) && h > 0 ? h : 1);
  }
  return placed;
}

/** Height ÷ width of a work's media, clamped so a panorama or a sliver still makes a usable card. */
export function mediaAspect(width: number | null, height: number | null): number {
  if (!width || !height) return 1;
  return Math.min(2, Math.max(0.5, height / width));
}

import type { MaskOp, MaskPoint } from './mask-history';

/** Mask values: the gateway's convention, white where the edit goes. */
export const MASK_ON = 255;
export const MASK_OFF = 0;

/**
 * Fills a polygon into `bitmap` with the non-zero rule (a brush outline crosses itself where a
 * stroke turns back; non-zero keeps those parts filled). A pixel belongs to the shape when its
 * centre does, so shapes that touch share no pixel and none is counted twice.
 */
function fillPolygon(
  bitmap: Uint8Array,
  width: number,
  height: number,
  points: readonly MaskPoint[],
  value: number,
): void {
  if (points.length < 3) return;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [, y] of points) {
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const firstRow = Math.max(0, Math.ceil(minY - 0.5));
  const lastRow = Math.min(height - 1, Math.floor(maxY - 0.5));
  const crossings: { x: number; winding: number }[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    const y = row + 0.5;
    crossings.length = 0;
    for (let i = 0; i < points.length; i++) {
      const [x0, y0] = points[i] as MaskPoint;
      const [x1, y1] = points[(i + 1) % points.length] as MaskPoint;
      // Half-open in y, so a vertex on the scan line is counted once.
      if (y0 <= y && y1 > y)
        crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), winding: 1 });
      else if (y1 <= y && y0 > y)
        crossings.push({ x: x0 + ((y - y0) / (y1 - y0)) * (x1 - x0), winding: -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let i = 0; i < crossings.length - 1; i++) {
      const crossing = crossings[i] as { x: number; winding: number };
      winding += crossing.winding;
      if (winding === 0) continue;
      const next = crossings[i + 1] as { x: number; winding: number };
      const from = Math.max(0, Math.ceil(crossing.x - 0.5));
      const to = Math.min(width, Math.ceil(next.x - 0.5));
      if (to > from) bitmap.fill(value, row * width + from, row * width + to);
    }
  }
}

function fillRect(
  bitmap: Uint8Array,
  width: number,
  height: number,
  op: Extract<MaskOp, { kind: 'rect' }>,
  value: number,
): void {
  // A rectangle dragged up or left has a negative size; it covers the same pixels.
  const left = Math.min(op.x, op.x + op.width);
  const top = Math.min(op.y, op.y + op.height);
  const x0 = Math.max(0, Math.round(left));
  const x1 = Math.min(width, Math.round(left + Math.abs(op.width)));
  const y0 = Math.max(0, Math.round(top));
  const y1 = Math.min(height, Math.round(top + Math.abs(op.height)));
  if (x1 <= x0) return;
  for (let row = y0; row < y1; row++) bitmap.fill(value, row * width + x0, row * width + x1);
}

/**
 * The mask the steps make, one byte per picture pixel (row by row): MASK_ON where the edit
 * goes, MASK_OFF elsewhere. The steps apply in order, as the editor's overlay shows them.
 */
export function rasterizeMask(ops: readonly MaskOp[], width: number, height: number): Uint8Array {
  const bitmap = new Uint8Array(width * height);
  for (const op of ops) {
    if (op.kind === 'clear') {
      bitmap.fill(MASK_OFF);
      continue;
    }
    if (op.kind === 'invert') {
      for (let i = 0; i < bitmap.length; i++) bitmap[i] = MASK_ON - (bitmap[i] as number);
      continue;
    }
    const value = op.mode === 'paint' ? MASK_ON : MASK_OFF;
    if (op.kind === 'rect') fillRect(bitmap, width, height, op, value);
    else fillPolygon(bitmap, width, height, op.kind === 'stroke' ? op.outline : op.points, value);
  }
  return bitmap;
}

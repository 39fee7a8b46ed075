/** A point in the picture's own pixels (not the screen's). */
export type MaskPoint = readonly [x: number, y: number];

/** Whether a shape adds to the mask (paint) or takes away from it (eraser). */
export type MaskMode = 'paint' | 'erase';

/**
 * One step of mask painting, in the picture's pixels, so the mask is the same whatever the
 * zoom it was painted at. A stroke keeps its outline (the brush's polygon), so the screen and
 * the exported PNG fill the very same shape.
 */
export type MaskOp =
  | { kind: 'stroke'; mode: MaskMode; outline: readonly MaskPoint[] }
  | { kind: 'rect'; mode: MaskMode; x: number; y: number; width: number; height: number }
  | { kind: 'lasso'; mode: MaskMode; points: readonly MaskPoint[] }
  | { kind: 'invert' }
  | { kind: 'clear' };

/**
 * The mask as the list of its steps: `done` in the order they were made, `undone` the steps
 * taken back, newest last, until a new step makes them unreachable.
 */
export interface MaskHistory {
  done: readonly MaskOp[];
  undone: readonly MaskOp[];
}

export const emptyMaskHistory: MaskHistory = { done: [], undone: [] };

/** A new step; the steps taken back before it can no longer be redone. */
export function addMaskOp(history: MaskHistory, op: MaskOp): MaskHistory {
  return { done: [...history.done, op], undone: [] };
}

export function undoMaskOp(history: MaskHistory): MaskHistory {
  const last = history.done.at(-1);
  if (!last) return history;
  return { done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redoMaskOp(history: MaskHistory): MaskHistory {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

export const canUndo = (history: MaskHistory): boolean => history.done.length > 0;
export const canRedo = (history: MaskHistory): boolean => history.undone.length > 0;

/**
 * Whether the steps leave the mask certainly empty (nothing to edit), without drawing it:
 * a clear empties it, an invert of an empty mask fills it, a painted shape marks some of it,
 * and an eraser never turns an empty mask into a marked one.
 */
export function isMaskEmpty(ops: readonly MaskOp[]): boolean {
  let state: 'empty' | 'full' | 'some' = 'empty';
  for (const op of ops) {
    if (op.kind === 'clear') state = 'empty';
    else if (op.kind === 'invert')
      state = state === 'empty' ? 'full' : state === 'full' ? 'empty' : 'some';
    else if (op.mode === 'paint') state = state === 'full' ? 'full' : 'some';
    else if (state === 'full') state = 'some';
  }
  return state === 'empty';
}

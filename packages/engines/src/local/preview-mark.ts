import { strokeLabelSvg } from './stroke-label';

/** The mark's SVG (a translucent pill with the word), sized for a picture of `short` px. */
export function previewMarkSvg(short: number): { svg: string; width: number; height: number } {
  return strokeLabelSvg('PREVIEW', Math.max(1.4, short / 420));
}

/**
 * Where the mark sits: the top-left corner, inset by a small margin. The bottom-right corner
 * belongs to the watermark of `_wm` twins, so the two never cover each other.
 */
export function previewMarkPosition(width: number, height: number): { left: number; top: number } {
  const margin = Math.round(Math.min(width, height) * 0.02);
  return { left: margin, top: margin };
}

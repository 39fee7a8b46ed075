import { strokeLabelSvg } from './stroke-label';

export const unrecognisedLabel = 'SHAPE NOT RECOGNISED';

/**
 * A small pill that says the 3D preview is a stand-in blob because the prompt named no shape
 * the engine knows, sized for a square picture of `size` px and placed bottom left (the
 * bottom right belongs to the watermark of `_wm` twins).
 */
export function unrecognisedLabelSvg(size: number): { svg: string; left: number; top: number } {
  const { svg, height } = strokeLabelSvg(unrecognisedLabel, Math.max(1.2, size / 560));
  const margin = Math.round(size * 0.02);
  return { svg, left: margin, top: size - margin - height };
}

import { hslToRgb, rgbToHsl, type Rgb } from './color';
import type { Ridge, Scene } from './scene';

/**
 * Parts of a scene: `back` and `front` move at different speeds in a video (parallax),
 * `overlay` (vignette, seal) stays on the glass; a still draws them all.
 */
export type ScenePart = 'all' | 'back' | 'front' | 'overlay';

/** What the scene is drawn into: frame units map to `width`×`height`, `view` crops/extends. */
export type SceneCanvas = {
  width: number;
  height: number;
  view?: { x: number; y: number; w: number; h: number };
  pixelWidth?: number;
  pixelHeight?: number;
};

/** What every drawing function gets: the scene, the frame size and unit converters. */
export type DrawContext = {
  scene: Scene;
  W: number;
  H: number;
  /** Frame units to pixels: x in widths, y in heights, r in short sides. */
  X(x: number): number;
  Y(y: number): number;
  R(r: number): number;
  defs: string[];
};

export const shade = (c: Rgb, dl: number): Rgb => {
  const [h, s, l] = rgbToHsl(c);
  return hslToRgb([h, s, l + dl]);
};

export function ridgeY(ridge: Ridge, x: number): number {
  const span = (ridge.xs[ridge.xs.length - 1] ?? 1) - (ridge.xs[0] ?? 0);
  const pos = ((x - (ridge.xs[0] ?? 0)) / span) * (ridge.ys.length - 1);
  const i = Math.min(ridge.ys.length - 2, Math.max(0, Math.floor(pos)));
  const f = Math.min(1, Math.max(0, pos - i));
  return (ridge.ys[i] ?? 0) * (1 - f) + (ridge.ys[i + 1] ?? 0) * f;
}

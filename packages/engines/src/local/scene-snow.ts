import { mixRgb, type Rgb } from './color';
import type { Scene } from './scene';

/** Scene words (in English, see subjects/scene-words.ts) that mean the land lies under snow. */
const snowWords = new Set(['snow', 'snowy', 'winter', 'frozen', 'arctic']);

export const isSnowScene = (sceneWords: readonly string[]): boolean =>
  sceneWords.some((w) => snowWords.has(w));

/**
 * Covers the land in snow: every range paler the nearer it is, the snow taking the sky's
 * tint and the hour's light, so a snowy forest reads as one at a glance and its trees stand
 * out as pale shapes on the slopes.
 */
export function coverInSnow(scene: Scene): void {
  const light = { day: 0.97, dawn: 0.93, sunset: 0.8, night: 0.42 }[scene.mood];
  const white: Rgb = [255 * light, 255 * light, 255 * light];
  const snow = mixRgb(white, scene.palette.skyMid, 0.22);
  scene.snow = true;
  for (const ridge of scene.ridges)
    ridge.colour = mixRgb(ridge.colour, snow, 0.45 + 0.4 * ridge.depth);
}

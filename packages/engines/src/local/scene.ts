import type { Rgb } from './color';
import { derivePalette, readPrompt, type ScenePalette } from './palette';
import { fractalLine, mixSeeds, type Rng } from './prng';
import type { Mood, StyleTreatment } from './styles';
import type { PlacedSubject } from './subjects/compose';

/**
 * A preview picture as data: positions in frame units (x in widths, y in heights, radii in
 * short sides), independent of the pixel size, so one scene renders as a still, as the
 * layers of a video, or at any zoom. Ridges run past both edges for the camera to pan.
 */
export type Ridge = { depth: number; colour: Rgb; xs: number[]; ys: number[] };
export type Puff = { dx: number; dy: number; r: number };
export type Cloud = { x: number; y: number; puffs: Puff[] };
export type Orb = { x: number; y: number; r: number; colour: Rgb; alpha: number };
export type Dot = { x: number; y: number; r: number; alpha: number };
export type Ribbon = { points: [number, number][]; width: number; colour: Rgb; alpha: number };

export type Scene = {
  style: StyleTreatment;
  mood: Mood;
  palette: ScenePalette;
  horizon: number;
  sun: { x: number; y: number; r: number };
  ridges: Ridge[];
  /** y of a lake's far shore, when the prompt speaks of water. */
  water: number | null;
  clouds: Cloud[];
  orbs: Orb[];
  stars: Dot[];
  birds: Dot[];
  ribbons: Ribbon[];
  /** The land lies under snow (scene-snow.ts): trees stand dark on it. */
  snow: boolean;
  /** What the prompt names, standing on the nearest ridge (placed by the preview, see subjects/). */
  subjects: PlacedSubject[];
  /** Seeds the renderer's own detail (brush strokes, facets) without shifting the rest. */
  detailSeed: number;
};

export const ridgeSpan = { from: -0.7, to: 1.7 } as const;

function buildRidge(rng: Rng, style: StyleTreatment, depth: number, mean: number, amp: number) {
  const perUnit = style.ridge === 'faceted' ? 9 : style.ridge === 'jagged' ? 110 : 40;
  const span = ridgeSpan.to - ridgeSpan.from;
  const count = Math.round(span * perUnit * (depth > 0.5 ? 0.7 : 1));
  const octaves = Math.max(2, style.ridgeOctaves - Math.round(depth * 2));
  const noise = fractalLine(rng, count, octaves, style.ridge === 'jagged' ? 0.55 : 0.45);
  // Far ranges read as peaks (ridged noise), near ones as rolling hills.
  const peaked = (1 - depth) * 0.8;
  // A tilt and one broad hill per range keep the layers from reading as parallel stripes.
  const tilt = rng.range(-0.12, 0.12) * (0.4 + depth);
  const hillX = rng.range(-0.1, 1.1);
  const hillH = rng.range(0, 0.09) * (0.3 + depth);
  const xs = noise.map((_, i) => ridgeSpan.from + (i / (count - 1)) * span);
  const ys = noise.map((n, i) => {
    const x = xs[i] ?? 0;
    const shape = (1 - peaked) * (n * 0.5 + 0.5) + peaked * (1 - Math.abs(n) * 1.6);
    const hill = hillH * Math.exp(-(((x - hillX) / 0.3) ** 2));
    return mean - amp * style.relief * shape + tilt * (x - 0.5) - hill;
  });
  return { xs, ys };
}

export function buildScene(
  prompt: string,
  seed: number,
  style: StyleTreatment,
  detail: number,
): Scene {
  const { palette, mood, rng } = derivePalette(prompt, seed, style);
  const reading = readPrompt(prompt);
  const horizon = rng.range(0.46, 0.68);
  const sunY =
    mood === 'sunset'
      ? horizon - rng.range(0.05, 0.17)
      : mood === 'dawn'
        ? horizon - rng.range(0.1, 0.2)
        : rng.range(0.12, 0.3);
  const sun =
    style.id === 'cyberpunk'
      ? { x: 0.5, y: horizon - 0.14, r: 0.2 }
      : { x: rng.range(0.18, 0.82), y: sunY, r: rng.range(0.05, 0.09) };

  const abstract = style.id === 'abstract';
  const rangeCount = abstract ? 0 : 4 + detail;
  const water = reading.water && !abstract ? horizon + 0.07 : null;
  const ridges: Ridge[] = [];
  for (let i = 0; i < rangeCount; i++) {
    const depth = i / (rangeCount - 1);
    if (water !== null && depth > 0.34 && depth < 1) continue;
    const mean =
      water !== null && depth === 1 ? 0.96 : horizon - 0.1 * (1 - depth) + depth * (0.9 - horizon);
    const amp = water !== null && depth === 1 ? 0.05 : 0.17 * (1 - depth) + 0.06;
    const colour = palette.land[Math.round(depth * (palette.land.length - 1))] ?? palette.horizon;
    ridges.push({ depth, colour, ...buildRidge(rng, style, depth, mean, amp) });
  }

  const clouds: Cloud[] = [];
  const cloudCount = style.clouds === 'none' ? 0 : rng.int(2, 5);
  for (let i = 0; i < cloudCount; i++) {
    const size = rng.range(0.06, 0.13);
    const puffs = Array.from({ length: rng.int(5, 8) }, () => ({
      dx: rng.range(-1.4, 1.4) * size,
      dy: rng.range(-0.5, 0) * size,
      r: rng.range(0.45, 0.8) * size,
    }));
    clouds.push({ x: rng.range(-0.1, 1.1), y: rng.range(0.08, horizon - 0.18), puffs });
  }

  const wantsOrbs = style.extras.includes('orbs');
  const orbs = Array.from({ length: wantsOrbs ? rng.int(6, 12) + (abstract ? 6 : 0) : 0 }, () => ({
    x: rng.range(-0.05, 1.05),
    y: rng.range(0, abstract ? 1 : horizon),
    r: rng.range(0.03, abstract ? 0.35 : 0.16),
    colour: rng.pick(palette.accents),
    alpha: rng.range(0.15, abstract ? 0.75 : 0.45),
  }));

  const starCount = mood === 'night' || style.extras.includes('stars') ? 150 + 60 * detail : 0;
  const stars = Array.from({ length: starCount }, () => ({
    x: rng.range(ridgeSpan.from, ridgeSpan.to),
    y: rng.range(-0.2, horizon),
    r: rng.range(0.0008, 0.0028) * (rng.chance(0.06) ? 2.2 : 1),
    alpha: rng.range(0.35, 1),
  }));

  const flock = style.extras.includes('birds') && mood !== 'night' && rng.chance(0.75);
  const flockX = rng.range(0.2, 0.8);
  const flockY = rng.range(0.16, horizon - 0.2);
  const birds = Array.from({ length: flock ? rng.int(3, 6) : 0 }, () => ({
    x: flockX + rng.range(-0.08, 0.08),
    y: flockY + rng.range(-0.05, 0.05),
    r: rng.range(0.008, 0.016),
    alpha: 0.8,
  }));

  const ribbons: Ribbon[] = Array.from({ length: abstract ? rng.int(3, 5) : 0 }, () => ({
    points: Array.from({ length: 4 }, (_, k): [number, number] => [
      -0.1 + k * 0.4 + rng.range(-0.1, 0.1),
      rng.range(0.1, 0.9),
    ]),
    width: rng.range(0.02, 0.09),
    colour: rng.pick(palette.accents),
    alpha: rng.range(0.5, 0.9),
  }));

  return {
    style,
    mood,
    palette,
    horizon,
    sun,
    ridges,
    water,
    clouds,
    orbs,
    stars,
    birds,
    ribbons,
    snow: false,
    subjects: [],
    detailSeed: mixSeeds(seed, rng.int(0, 0xffff)),
  };
}

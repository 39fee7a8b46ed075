import {
  addBed,
  addBurst,
  addTone,
  bandPass,
  eventTimes,
  highPass,
  lowPass,
  SAMPLE_RATE,
  secondsOf,
  slowCurve,
  type Scene,
} from './sound-dsp';
import { ambient, city, forest, night, space } from './sound-scenes-tonal';

/**
 * The ambiences a sound effect can be. Each one adds into the mix at its own rough level;
 * `soundEffectFor` sets the final loudness, so only the balance inside a scene matters here.
 * The scenes led by noise live here, those led by tones in `sound-scenes-tonal.ts`.
 */
export const sceneNames = [
  'rain',
  'sea',
  'wind',
  'fire',
  'city',
  'forest',
  'water',
  'night',
  'space',
  'ambient',
] as const;
export type SceneName = (typeof sceneNames)[number];

/** Filtered hiss plus droplet ticks: short rising blips, like drops hitting a surface. */
const rain: Scene = (mix, rng) => {
  const shape = (n: Float32Array) => lowPass(highPass(n, 500), 6000);
  const envelope = slowCurve(rng, mix.frames, 2, 0.75, 1);
  addBed(mix, rng, { gain: 0.25, width: 0.4, shape, envelope });
  addBed(mix, rng, { gain: 0.6, width: 0.3, shape: (n) => lowPass(lowPass(n, 700), 700) });
  for (const startS of eventTimes(rng, secondsOf(mix), 1 / 35)) {
    const fromHz = rng.range(1500, 4500);
    const pan = rng.range(-0.8, 0.8);
    const gain = rng.range(0.08, 0.3);
    addTone(mix, {
      startS,
      durationS: rng.range(0.006, 0.02),
      fromHz,
      toHz: fromHz * 1.5,
      gain,
      pan,
      shape: 'pluck',
    });
  }
};

/** Noise that swells and falls like waves every few seconds, with hiss at each crest. */
const sea: Scene = (mix, rng) => {
  const swell = new Float32Array(mix.frames);
  for (let t = -rng.range(0, 4); t < secondsOf(mix);) {
    const periodS = rng.range(4, 8);
    const start = Math.round(t * SAMPLE_RATE);
    const length = Math.round(periodS * 1.3 * SAMPLE_RATE);
    const height = rng.range(0.6, 1);
    for (let i = Math.max(0, start); i < Math.min(mix.frames, start + length); i++) {
      const u = (i - start) / length;
      // Rises over the first third, breaks, and drains away slowly.
      const w = u < 0.35 ? Math.sin((u / 0.35) * (Math.PI / 2)) : (1 - (u - 0.35) / 0.65) ** 2;
      swell[i] = (swell[i] ?? 0) + height * w * w;
    }
    t += periodS;
  }
  const body = swell.map((s) => 0.2 + s);
  const crest = swell.map((s) => s * s);
  addBed(mix, rng, {
    gain: 1,
    width: 0.35,
    shape: (n) => lowPass(lowPass(n, 600), 600),
    envelope: body,
  });
  addBed(mix, rng, {
    gain: 0.15,
    width: 0.5,
    shape: (n) => lowPass(highPass(n, 1500), 7000),
    envelope: crest,
  });
};

/** Band-passed noise whose pitch and level follow slow gusts. */
const wind: Scene = (mix, rng) => {
  const gust = slowCurve(rng, mix.frames, rng.range(1.2, 2.5), 0.15, 1).map((g) => g * g);
  const centre = slowCurve(rng, mix.frames, 1.5, 250, 900);
  const whistle = centre.map((hz) => hz * 2.5);
  addBed(mix, rng, {
    gain: 0.6,
    width: 0.5,
    shape: (n) => bandPass(n, centre, 0.6),
    envelope: gust,
  });
  addBed(mix, rng, {
    gain: 0.08,
    width: 0.6,
    shape: (n) => bandPass(n, whistle, 0.15),
    envelope: gust,
  });
};

/** A low rumble and soft hiss under quick crackles and the odd pop. */
const fire: Scene = (mix, rng) => {
  const flicker = slowCurve(rng, mix.frames, 0.4, 0.5, 1);
  addBed(mix, rng, {
    gain: 2.5,
    width: 0.2,
    shape: (n) => lowPass(lowPass(n, 150), 150),
    envelope: flicker,
  });
  addBed(mix, rng, { gain: 0.04, width: 0.5, shape: (n) => highPass(n, 2500) });
  for (const startS of eventTimes(rng, secondsOf(mix), 1 / 14)) {
    const pop = rng.chance(0.1);
    addBurst(mix, rng, {
      startS,
      durationS: pop ? rng.range(0.01, 0.025) : rng.range(0.0008, 0.004),
      gain: pop ? rng.range(0.4, 0.7) : rng.range(0.15, 0.5),
      pan: rng.range(-0.6, 0.6),
      brightness: pop ? 0.25 : 0.8,
    });
  }
};

/** Bubbly water: band-passed noise that wobbles fast, low flow, and rising bubble blips. */
const water: Scene = (mix, rng) => {
  const centre = slowCurve(rng, mix.frames, 0.07, 400, 1600);
  const wobble = slowCurve(rng, mix.frames, 0.05, 0.2, 1);
  addBed(mix, rng, {
    gain: 0.35,
    width: 0.5,
    shape: (n) => bandPass(n, centre, 0.4),
    envelope: wobble,
  });
  addBed(mix, rng, { gain: 0.8, width: 0.3, shape: (n) => lowPass(lowPass(n, 300), 300) });
  for (const startS of eventTimes(rng, secondsOf(mix), 1 / 12)) {
    const fromHz = rng.range(300, 1000);
    const toHz = fromHz * rng.range(1.5, 2.5);
    addTone(mix, {
      startS,
      durationS: rng.range(0.02, 0.06),
      fromHz,
      toHz,
      gain: rng.range(0.04, 0.12),
      pan: rng.range(-0.7, 0.7),
      shape: 'pluck',
    });
  }
};

export const scenes: Record<SceneName, Scene> = {
  rain,
  sea,
  wind,
  fire,
  city,
  forest,
  water,
  night,
  space,
  ambient,
};

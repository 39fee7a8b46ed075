import type { Rng } from './prng';

/**
 * The few signal blocks the sound-effect scenes are built from. Everything works on
 * Float32Array buffers in one pass per block, so a 10 s stereo scene stays in the tens of
 * milliseconds; nothing reads the clock or `Math.random`, so a scene is a pure function of
 * its seed.
 */

export const SAMPLE_RATE = 48_000;

/** A stereo buffer the scenes add into; float samples, nominally within ±1. */
export type Mix = { left: Float32Array; right: Float32Array; frames: number };

/** Adds one ambience into the mix, drawing every random choice from `rng`. */
export type Scene = (mix: Mix, rng: Rng) => void;

export const secondsOf = (mix: Mix): number => mix.frames / SAMPLE_RATE;

export function createMix(frames: number): Mix {
  return { left: new Float32Array(frames), right: new Float32Array(frames), frames };
}

const TABLE_SIZE = 4096;
const sineTable = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) =>
  Math.sin((2 * Math.PI * i) / TABLE_SIZE),
);

/** sin(2π·phase), phase in cycles, from a table: much cheaper than Math.sin per sample. */
export function sine(phase: number): number {
  const p = (phase - Math.floor(phase)) * TABLE_SIZE;
  const i = p | 0;
  const a = sineTable[i] ?? 0;
  return a + ((sineTable[i + 1] ?? 0) - a) * (p - i);
}

/** Gains for a pan position in [-1, 1] (equal power, so a moving source keeps its level). */
export function panGains(pan: number): [number, number] {
  const angle = ((Math.max(-1, Math.min(1, pan)) + 1) * Math.PI) / 4;
  return [Math.cos(angle), Math.sin(angle)];
}

/**
 * White noise in [-1, 1). An inline xorshift seeded from `rng` draws the millions of samples;
 * calling `rng.next()` for each was the slowest part of a scene.
 */
export function whiteNoise(rng: Rng, frames: number): Float32Array {
  const out = new Float32Array(frames);
  let s = rng.int(1, 0x7fffffff);
  for (let i = 0; i < frames; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    out[i] = (s >>> 0) / 2147483648 - 1;
  }
  return out;
}

/** One-pole low-pass in place; run it twice for a steeper slope. */
export function lowPass(signal: Float32Array, hz: number): Float32Array {
  const a = 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < signal.length; i++) {
    y += a * ((signal[i] ?? 0) - y);
    signal[i] = y;
  }
  return signal;
}

/** One-pole high-pass in place: the signal minus its low-passed self. */
export function highPass(signal: Float32Array, hz: number): Float32Array {
  const a = 1 - Math.exp((-2 * Math.PI * hz) / SAMPLE_RATE);
  let y = 0;
  for (let i = 0; i < signal.length; i++) {
    const x = signal[i] ?? 0;
    y += a * (x - y);
    signal[i] = x - y;
  }
  return signal;
}

/**
 * State-variable band-pass in place. `centreHz` may be a per-sample curve (wind gusts move
 * it); `damping` near 0 rings narrowly, near 1.5 passes a wide band.
 */
export function bandPass(
  signal: Float32Array,
  centreHz: number | Float32Array,
  damping: number,
): Float32Array {
  let low = 0;
  let band = 0;
  for (let i = 0; i < signal.length; i++) {
    const hz = typeof centreHz === 'number' ? centreHz : (centreHz[i] ?? 0);
    const f = 2 * sine(Math.min(hz, SAMPLE_RATE / 8) / (2 * SAMPLE_RATE));
    low += f * band;
    const high = (signal[i] ?? 0) - low - damping * band;
    band += f * high;
    signal[i] = band;
  }
  return signal;
}

/**
 * A smooth random curve between `min` and `max`, one value per sample, through a random knot
 * every `knotS` seconds: gusts, swells, passing cars.
 */
export function slowCurve(
  rng: Rng,
  frames: number,
  knotS: number,
  min: number,
  max: number,
): Float32Array {
  const step = Math.max(1, Math.round(knotS * SAMPLE_RATE));
  const knots = Float32Array.from({ length: Math.ceil(frames / step) + 2 }, () =>
    rng.range(min, max),
  );
  const out = new Float32Array(frames);
  for (let k = 0; k * step < frames; k++) {
    const from = knots[k] ?? min;
    const to = knots[k + 1] ?? min;
    const end = Math.min(frames, (k + 1) * step);
    for (let i = k * step; i < end; i++) {
      const f = (i - k * step) / step;
      out[i] = from + (to - from) * f * f * (3 - 2 * f);
    }
  }
  return out;
}

/** Times of random events averaging one per `meanGapS` (a Poisson process), within `durationS`. */
export function eventTimes(rng: Rng, durationS: number, meanGapS: number): number[] {
  const times: number[] = [];
  for (let t = -Math.log(1 - rng.next()) * meanGapS; t < durationS;) {
    times.push(t);
    t += -Math.log(1 - rng.next()) * meanGapS;
  }
  return times;
}

export type BedOptions = {
  gain: number;
  /** Filters applied to the noise, in place. */
  shape: (noise: Float32Array) => void;
  /** How far apart the channels sound: 0 is mono, 0.5 clearly wide. */
  width: number;
  /** Per-sample gain on top of `gain` (swells, gusts). */
  envelope?: Float32Array;
};

/** 12.5 ms: long enough to decorrelate the sides, short enough not to echo. */
const WIDTH_DELAY = Math.round(0.0125 * SAMPLE_RATE);

/**
 * Adds a shaped noise bed. Its width is a delayed copy added to one side and taken from the
 * other (Lauridsen pseudo-stereo): one noise and one filter pass per bed instead of two, and
 * the channels still sum to the plain bed in mono.
 */
export function addBed(mix: Mix, rng: Rng, options: BedOptions): void {
  const noise = whiteNoise(rng, mix.frames);
  options.shape(noise);
  const { gain, width, envelope } = options;
  const { left, right } = mix;
  for (let i = 0; i < mix.frames; i++) {
    const g = envelope === undefined ? gain : gain * (envelope[i] ?? 0);
    const m = (noise[i] ?? 0) * g;
    const s = i < WIDTH_DELAY ? 0 : (noise[i - WIDTH_DELAY] ?? 0) * g * width;
    left[i] = (left[i] ?? 0) + m + s;
    right[i] = (right[i] ?? 0) + m - s;
  }
}

export type ToneOptions = {
  startS: number;
  durationS: number;
  /** Frequency at the start and at the end; it glides exponentially between them. */
  fromHz: number;
  toHz: number;
  gain: number;
  pan: number;
  /** `bell` swells and fades; `pluck` strikes and decays. */
  shape: 'bell' | 'pluck';
  /** Relative amplitudes of the harmonics, fundamental first. */
  partials?: readonly number[];
};

/** Adds one short tone: a chirp, a drop, a horn, a cricket's pulse. */
export function addTone(mix: Mix, options: ToneOptions): void {
  const start = Math.round(options.startS * SAMPLE_RATE);
  const length = Math.round(options.durationS * SAMPLE_RATE);
  const end = Math.min(mix.frames, start + length);
  const partials = options.partials ?? [1];
  const { left, right } = mix;
  const [gl, gr] = panGains(options.pan);
  // Gliding by a constant factor per sample is an exponential sweep without a pow per sample.
  const glide = (options.toHz / options.fromHz) ** (1 / length);
  let step = options.fromHz / SAMPLE_RATE;
  let phase = 0;
  for (let i = Math.max(0, start); i < end; i++) {
    const u = (i - start) / length;
    const fall = 1 - u;
    const env =
      options.shape === 'bell' ? sine(u / 2) ** 2 : Math.min(1, u * 40) * fall * fall * fall;
    phase += step;
    step *= glide;
    let v = 0;
    for (let p = 0; p < partials.length; p++) v += (partials[p] ?? 0) * sine(phase * (p + 1));
    v *= env * options.gain;
    left[i] = (left[i] ?? 0) + v * gl;
    right[i] = (right[i] ?? 0) + v * gr;
  }
}

export type DroneOptions = {
  hz: number;
  /** Two oscillators this far apart beat slowly against each other. */
  detuneHz: number;
  gain: number;
  pan: number;
  /** A slow swell: rate, depth (0–1) and starting phase in cycles. */
  lfoHz: number;
  lfoDepth: number;
  lfoPhase: number;
  /** Where the oscillators start, in cycles: seeded, equal notes of two seeds don't line up. */
  phase?: number;
};

const LFO_BLOCK = 64;

/** Adds a held note for the whole mix: pads and drones. */
export function addDrone(mix: Mix, options: DroneOptions): void {
  const [gl, gr] = panGains(options.pan);
  const stepA = (options.hz - options.detuneHz / 2) / SAMPLE_RATE;
  const stepB = (options.hz + options.detuneHz / 2) / SAMPLE_RATE;
  const { gain, lfoDepth, lfoPhase, lfoHz } = options;
  const { left, right } = mix;
  let a = options.phase ?? 0;
  let b = a;
  for (let block = 0; block < mix.frames; block += LFO_BLOCK) {
    // The swell is far slower than a block, so it is worked out once per block.
    const swell = 1 - lfoDepth * (0.5 + 0.5 * sine(lfoPhase + (block * lfoHz) / SAMPLE_RATE));
    const g = 0.5 * gain * swell;
    const end = Math.min(mix.frames, block + LFO_BLOCK);
    for (let i = block; i < end; i++) {
      const v = (sine(a) + sine(b)) * g;
      a += stepA;
      b += stepB;
      left[i] = (left[i] ?? 0) + v * gl;
      right[i] = (right[i] ?? 0) + v * gr;
    }
    a -= Math.floor(a);
    b -= Math.floor(b);
  }
}

/** Adds a short burst of decaying noise: a crackle, a pop, a droplet's splash. */
export function addBurst(
  mix: Mix,
  rng: Rng,
  options: { startS: number; durationS: number; gain: number; pan: number; brightness: number },
): void {
  const start = Math.round(options.startS * SAMPLE_RATE);
  const length = Math.max(1, Math.round(options.durationS * SAMPLE_RATE));
  const end = Math.min(mix.frames, start + length);
  const [gl, gr] = panGains(options.pan);
  const { left, right } = mix;
  let y = 0;
  for (let i = Math.max(0, start); i < end; i++) {
    y += options.brightness * (rng.next() * 2 - 1 - y);
    const v = y * options.gain * (1 - (i - start) / length) ** 2;
    left[i] = (left[i] ?? 0) + v * gl;
    right[i] = (right[i] ?? 0) + v * gr;
  }
}

/**
 * Seeded randomness for the preview renderers. Everything the local engine draws must be a
 * pure function of the task settings, so nothing here reads the clock or `Math.random`.
 */

/** A 32-bit hash of a string (cyrb53's mixing, folded to 32 bits), stable across runtimes. */
export function hashString(text: string, salt = 0): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** Folds several 32-bit values into one seed, so sub-streams (per layer, per frame) differ. */
export function mixSeeds(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  range(min: number, max: number): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: tiny, fast and good enough for composition choices. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
  };
}

/**
 * Smooth 1D fractal noise sampled at `count` points in [0, 1]: the ridge lines of the
 * landscapes. `octaves` adds detail; `roughness` is how much each octave keeps.
 */
export function fractalLine(rng: Rng, count: number, octaves: number, roughness: number): number[] {
  const out = new Array<number>(count).fill(0);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const knots = 2 + 2 ** (o + 1);
    const values = Array.from({ length: knots + 1 }, () => rng.next() * 2 - 1);
    for (let i = 0; i < count; i++) {
      const pos = (i / (count - 1)) * knots;
      const k = Math.min(Math.floor(pos), knots - 1);
      const f = pos - k;
      const w = (1 - Math.cos(f * Math.PI)) / 2;
      out[i] = (out[i] ?? 0) + amplitude * ((values[k] ?? 0) * (1 - w) + (values[k + 1] ?? 0) * w);
    }
    total += amplitude;
    amplitude *= roughness;
  }
  return out.map((v) => v / total);
}

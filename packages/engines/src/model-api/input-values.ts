import type { EngineSettings } from '@lumen/contracts/generation';
import { resolutionHeights } from '@lumen/contracts/generation';

/** Helpers that turn our settings into the values model input schemas take. */

const ratioValue = (ratio: string): number => {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
};

/** The allowed ratio closest to ours (by how much the picture would stretch). */
export function nearestRatio<T extends string>(ratio: string, allowed: readonly T[]): T {
  const target = Math.log(ratioValue(ratio));
  let best = allowed[0] as T;
  for (const candidate of allowed) {
    if (
      Math.abs(Math.log(ratioValue(candidate)) - target) <
      Math.abs(Math.log(ratioValue(best)) - target)
    ) {
      best = candidate;
    }
  }
  return best;
}

/** Width and height of our ratio with the longest side `size`, in multiples of 16. */
export function sizeOf(settings: EngineSettings): { width: number; height: number } {
  const r = ratioValue(settings.ratio);
  const round = (v: number) => Math.max(256, Math.round(v / 16) * 16);
  return r >= 1
    ? { width: round(settings.size), height: round(settings.size / r) }
    : { width: round(settings.size * r), height: round(settings.size) };
}

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** Frames for the asked duration at the model's frame rate, inside the model's range. */
export function frameCount(
  settings: EngineSettings,
  fps: number,
  min: number,
  max: number,
): number {
  return clamp(Math.round(settings.durationS * fps), min, max);
}

/** The model's resolution name nearest to ours (`360p` → `480p` when the model starts there). */
export function nearestResolution<T extends string>(
  settings: EngineSettings,
  allowed: readonly T[],
): T {
  const height = resolutionHeights[settings.resolution];
  let best = allowed[0] as T;
  for (const candidate of allowed) {
    const h = Number.parseInt(candidate, 10);
    if (Math.abs(h - height) < Math.abs(Number.parseInt(best, 10) - height)) best = candidate;
  }
  return best;
}

/** The clip lengths a model offers (Kling: 5 or 10 s): the nearest to ours. */
export function nearestDuration<T extends number>(
  settings: EngineSettings,
  allowed: readonly T[],
): T {
  let best = allowed[0] as T;
  for (const candidate of allowed) {
    if (Math.abs(candidate - settings.durationS) < Math.abs(best - settings.durationS))
      best = candidate;
  }
  return best;
}

/** Most model servers keep seeds in a signed 32-bit integer. */
export const seed31 = (seed: number): number => seed % 2 ** 31;

/** Copies only the entries that are set, so optional inputs are left to the model's defaults. */
export function defined(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

/** An empty text is "not given" for optional text inputs such as a negative prompt. */
export const text = (value: string): string | undefined => (value.trim() ? value : undefined);

import { useGating } from '../../generate/gating';

/** How many results a run may ask for: up to the plan's images per run, at most four. */
export function useCountChoices(): number[] {
  const max = Math.min(4, useGating().imagesPerRun);
  return Array.from({ length: Math.max(1, max) }, (_, i) => i + 1);
}

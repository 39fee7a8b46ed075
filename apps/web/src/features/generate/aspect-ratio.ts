import { aspectRatios } from '@lumen/contracts/generation';

/** `16:9` → [16, 9]; anything unreadable counts as square. */
export function ratioParts(ratio: string): [number, number] {
  const [w, h] = ratio.split(':').map(Number);
  return w && h ? [w, h] : [1, 1];
}

/** The offered ratio closest to an image's shape, for modes where the input decides it. */
export function closestRatio(width: number, height: number): string {
  const distance = (ratio: string) => {
    const [w, h] = ratioParts(ratio);
    return Math.abs(Math.log(w / h / (width / height)));
  };
  return aspectRatios.reduce(
    (best, ratio) => (distance(ratio) < distance(best) ? ratio : best),
    '1:1',
  );
}

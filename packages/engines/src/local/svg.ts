import { toHex, type Rgb } from './color';

/** Small helpers for writing SVG by hand; numbers are rounded so output is stable and short. */
export const num = (v: number): string => String(Math.round(v * 100) / 100);
export const hex = (c: Rgb): string => toHex(c);

export function el(
  name: string,
  attrs: Record<string, string | number | undefined>,
  body = '',
): string {
  const list = Object.entries(attrs)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => `${k}="${typeof v === 'number' ? num(v) : v}"`)
    .join(' ');
  return body ? `<${name} ${list}>${body}</${name}>` : `<${name} ${list}/>`;
}

export type Stop = [offset: number, colour: Rgb, opacity?: number];

export function stops(list: Stop[]): string {
  return list
    .map(([o, c, a]) =>
      el('stop', {
        offset: o,
        'stop-color': hex(c),
        ...(a === undefined ? {} : { 'stop-opacity': a }),
      }),
    )
    .join('');
}

/** A vertical gradient in user space, so shapes that share it line up (sky behind stripes). */
export function verticalGradient(id: string, y1: number, y2: number, list: Stop[]): string {
  return el(
    'linearGradient',
    { id, gradientUnits: 'userSpaceOnUse', x1: 0, y1, x2: 0, y2 },
    stops(list),
  );
}

export function radialGradient(id: string, list: Stop[]): string {
  return el('radialGradient', { id }, stops(list));
}

/** A circle as path data, so many dots share one element (much faster to rasterise). */
export function circlePath(x: number, y: number, r: number): string {
  return `M${num(x - r)} ${num(y)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0`;
}

/** Catmull-Rom through the points as cubic Béziers: smooth hills without overshoot loops. */
export function smoothPath(points: [number, number][]): string {
  const at = (i: number): [number, number] =>
    points[Math.min(points.length - 1, Math.max(0, i))] ?? [0, 0];
  let d = `M${num(at(0)[0])} ${num(at(0)[1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(p2[0])} ${num(p2[1])}`;
  }
  return d;
}

export function linePath(points: [number, number][]): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${num(x)} ${num(y)}`).join('');
}

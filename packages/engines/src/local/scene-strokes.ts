import { mixRgb, type Rgb } from './color';
import { createRng, mixSeeds } from './prng';
import type { Ridge } from './scene';
import { type DrawContext, ridgeY, shade } from './scene-draw';
import { circlePath, el, hex, num } from './svg';

export function renderStars(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  if (!scene.stars.length) return '';
  const buckets = ['', '', '', ''];
  for (const s of scene.stars) {
    const b = Math.min(3, Math.floor(s.alpha * 4));
    buckets[b] += circlePath(X(s.x), Y(s.y), Math.max(0.6, R(s.r)));
  }
  const colour = hex(mixRgb(scene.palette.sun, [255, 255, 255], 0.6));
  return buckets
    .map((d, b) => (d ? el('path', { d, fill: colour, 'fill-opacity': (b + 1) / 4 }) : ''))
    .join('');
}

const sparkle = (x: number, y: number, s: number): string =>
  `M${num(x)} ${num(y - s)}Q${num(x)} ${num(y)} ${num(x + s)} ${num(y)}Q${num(x)} ${num(y)} ${num(x)} ${num(y + s)}Q${num(x)} ${num(y)} ${num(x - s)} ${num(y)}Q${num(x)} ${num(y)} ${num(x)} ${num(y - s)}Z`;

export function renderSparkles(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  if (!scene.style.extras.includes('sparkles')) return '';
  const rng = createRng(mixSeeds(scene.detailSeed, 11));
  let d = '';
  for (let i = 0, n = rng.int(7, 14); i < n; i++) {
    d += sparkle(
      X(rng.range(0.03, 0.97)),
      Y(rng.range(0.04, scene.horizon - 0.05)),
      R(rng.range(0.008, 0.026)),
    );
  }
  return el('path', { d, fill: '#ffffff', 'fill-opacity': 0.9 });
}

/** The ridge in front at a point, if any: what a brush stroke there should be painted as. */
function ridgeAt(ridges: Ridge[], x: number, y: number): Ridge | undefined {
  for (let i = ridges.length - 1; i >= 0; i--) {
    const ridge = ridges[i];
    if (ridge && y > ridgeY(ridge, x)) return ridge;
  }
  return undefined;
}

/**
 * Van Gogh's brushwork: short curved strokes following a swirling flow field, coloured from
 * the sky or the land under them. Strokes are batched by colour into a few paths, which
 * keeps rasterising cheap.
 */
export function renderSwirls(ctx: DrawContext, part: 'back' | 'front'): string {
  const { scene, X, Y, R, W, H } = ctx;
  if (!scene.style.extras.includes('swirls')) return '';
  const rng = createRng(mixSeeds(scene.detailSeed, 23));
  const p = scene.palette;
  const aspect = W / H;
  const vortices = Array.from({ length: 3 }, () => ({
    x: rng.range(0.1, 0.9),
    y: rng.range(0.1, scene.horizon - 0.1),
    spin: rng.chance(0.5) ? 1 : -1,
  }));
  const skyColours: Rgb[] = [
    p.skyTop,
    p.skyMid,
    p.horizon,
    shade(p.skyMid, 0.15),
    mixRgb(p.skyMid, p.sun, 0.5),
  ];
  const batches = new Map<string, string>();
  const count = Math.round(4200 * Math.max(1, aspect));
  for (let i = 0; i < count; i++) {
    const x = rng.range(-0.25, 1.25);
    const y = rng.range(-0.2, 1.1);
    const ridge = ridgeAt(scene.ridges, x, y);
    const isBack = !ridge || ridge.depth < 0.5;
    const pick = rng.next();
    // Few distinct colours and widths keep the number of batched paths small.
    const jitter = rng.int(-1, 1) * 0.05;
    const len = rng.range(0.026, 0.048);
    const width = 7 + rng.int(0, 2) * 2;
    if (isBack !== (part === 'back')) continue;
    let angle: number;
    let colour: Rgb;
    if (ridge) {
      angle = Math.sin(x * 9 + y * 4) * 0.35;
      colour = shade(ridge.colour, (Math.floor(pick * 3) - 1) * 0.06);
    } else {
      let vx = 0.4;
      let vy = 0;
      for (const v of vortices) {
        const dx = (x - v.x) * aspect;
        const dy = y - v.y;
        const d2 = dx * dx + dy * dy + 0.02;
        vx += (-dy * v.spin * 0.05) / d2;
        vy += (dx * v.spin * 0.05) / d2;
      }
      angle = Math.atan2(vy, vx);
      const nearSun = Math.hypot((x - scene.sun.x) * aspect, y - scene.sun.y) < scene.sun.r * 3;
      colour =
        nearSun && pick < 0.6
          ? p.sun
          : (skyColours[Math.floor(pick * skyColours.length)] ?? p.skyMid);
    }
    const key = `${hex(shade(colour, jitter))}|${width}`;
    const [x0, y0] = [X(x), Y(y)];
    const [dx, dy] = [Math.cos(angle) * R(len), Math.sin(angle) * R(len)];
    const bend = R(len) * 0.25;
    const stroke = `M${num(x0)} ${num(y0)}q${num(dx / 2 - Math.sin(angle) * bend)} ${num(dy / 2 + Math.cos(angle) * bend)} ${num(dx)} ${num(dy)}`;
    batches.set(key, (batches.get(key) ?? '') + stroke);
  }
  return [...batches.entries()]
    .map(([key, d]) => {
      const [colour, width] = key.split('|');
      return el('path', {
        d,
        fill: 'none',
        stroke: colour ?? '#000',
        'stroke-width': R(Number(width) / 1000),
        'stroke-linecap': 'round',
        'stroke-opacity': 0.9,
      });
    })
    .join('');
}

import { mixRgb } from './color';
import { createRng, mixSeeds } from './prng';
import type { DrawContext } from './scene-draw';
import { el, hex, linePath, num, radialGradient } from './svg';

const blendModes = ['screen', 'multiply', 'normal'] as const;

export function renderOrbs(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  const abstract = scene.style.id === 'abstract';
  return scene.orbs
    .map((orb, i) => {
      if (abstract) {
        const style = `mix-blend-mode:${blendModes[i % blendModes.length]}`;
        return el('circle', {
          cx: X(orb.x),
          cy: Y(orb.y),
          r: R(orb.r),
          fill: hex(orb.colour),
          'fill-opacity': orb.alpha,
          style,
        });
      }
      const id = `orb${i}`;
      ctx.defs.push(
        radialGradient(id, [
          [0, orb.colour, orb.alpha],
          [0.7, orb.colour, orb.alpha * 0.5],
          [1, orb.colour, 0],
        ]),
      );
      return el('circle', { cx: X(orb.x), cy: Y(orb.y), r: R(orb.r), fill: `url(#${id})` });
    })
    .join('');
}

export function renderRibbons(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  return scene.ribbons
    .map((ribbon) => {
      const [a, b, c, d] = ribbon.points.map(([x, y]) => `${num(X(x))} ${num(Y(y))}`);
      const path = `M${a}C${b} ${c} ${d}`;
      const common = { d: path, fill: 'none', 'stroke-linecap': 'round' };
      return (
        el('path', {
          ...common,
          stroke: hex(ribbon.colour),
          'stroke-width': R(ribbon.width),
          'stroke-opacity': ribbon.alpha,
        }) +
        el('path', {
          ...common,
          stroke: hex(mixRgb(ribbon.colour, [255, 255, 255], 0.6)),
          'stroke-width': R(ribbon.width * 0.15),
          'stroke-opacity': 0.5,
        })
      );
    })
    .join('');
}

export function renderBirds(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  if (!scene.birds.length) return '';
  const d = scene.birds
    .map((b) => {
      const [x, y, s] = [X(b.x), Y(b.y), R(b.r)];
      return `M${num(x - s)} ${num(y)}Q${num(x - s / 2)} ${num(y - s / 2)} ${num(x)} ${num(y)}Q${num(x + s / 2)} ${num(y - s / 2)} ${num(x + s)} ${num(y)}`;
    })
    .join('');
  const ink =
    scene.mood === 'day' || scene.style.id === 'ink_wash'
      ? scene.palette.ink
      : mixRgb(scene.palette.skyTop, [0, 0, 0], 0.5);
  return el('path', {
    d,
    fill: 'none',
    stroke: hex(ink),
    'stroke-width': R(0.0035),
    'stroke-linecap': 'round',
    'stroke-opacity': 0.8,
  });
}

/** The synthwave floor: a perspective grid converging on the sun. */
export function renderGrid(ctx: DrawContext): string {
  const { scene, W, X, Y, R } = ctx;
  if (!scene.style.extras.includes('grid')) return '';
  const p = scene.palette;
  const top = Y(scene.horizon + 0.02);
  const bottom = Y(1.6);
  let lines = '';
  for (let k = 1; k <= 18; k++) {
    const y = top + (bottom - top) * (k / 18) ** 2.2;
    lines += `M${num(-W)} ${num(y)}H${num(2 * W)}`;
  }
  for (let j = -16; j <= 16; j++) {
    lines += linePath([
      [X(0.5), top],
      [X(0.5 + j * 0.16), Y(1.2)],
    ]);
    lines += linePath([
      [X(0.5 + j * 0.16), Y(1.2)],
      [X(0.5 + j * 0.16 * 1.33), bottom],
    ]);
  }
  const neon = hex(p.accents[0] ?? p.sun);
  const floor = mixRgb(p.skyTop, [0, 0, 0], 0.4);
  return (
    el('rect', { x: -W, y: top, width: 3 * W, height: bottom - top, fill: hex(floor) }) +
    el('path', {
      d: lines,
      stroke: neon,
      'stroke-width': R(0.009),
      'stroke-opacity': 0.2,
      fill: 'none',
    }) +
    el('path', { d: lines, stroke: neon, 'stroke-width': R(0.0022), fill: 'none' }) +
    el('rect', { x: -W, y: top - R(0.004), width: 3 * W, height: R(0.008), fill: neon })
  );
}

/** Things on the glass: a vignette and, for ink wash, the artist's red seal. */
export function renderOverlay(ctx: DrawContext): string {
  const { scene, W, H, R } = ctx;
  let out = '';
  if (scene.style.vignette > 0) {
    ctx.defs.push(
      radialGradient('vignette', [
        [0.55, [0, 0, 0], 0],
        [1, [0, 0, 0], scene.style.vignette],
      ]),
    );
    out += el('rect', { x: 0, y: 0, width: W, height: H, fill: 'url(#vignette)' });
  }
  if (scene.style.extras.includes('seal')) {
    const rng = createRng(mixSeeds(scene.detailSeed, 5));
    const s = R(0.07);
    const [x, y] = [W - R(0.06) - s, R(0.06)];
    let glyph = '';
    for (let k = 0; k < 5; k++) {
      const gx = x + s * rng.range(0.2, 0.8);
      const gy = y + s * rng.range(0.2, 0.8);
      glyph += rng.chance(0.5)
        ? `M${num(x + s * 0.2)} ${num(gy)}H${num(x + s * 0.8)}`
        : `M${num(gx)} ${num(y + s * 0.2)}V${num(y + s * 0.8)}`;
    }
    out += el('rect', {
      x,
      y,
      width: s,
      height: s,
      rx: s * 0.12,
      fill: hex(scene.palette.accents[0] ?? [200, 30, 40]),
      'fill-opacity': 0.85,
    });
    out += el('path', {
      d: glyph,
      stroke: hex(scene.palette.paper),
      'stroke-width': s * 0.08,
      'stroke-linecap': 'round',
      fill: 'none',
    });
  }
  return out;
}

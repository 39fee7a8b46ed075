import { mixRgb } from './color';
import { createRng, mixSeeds } from './prng';
import type { Ridge } from './scene';
import { type DrawContext, ridgeY, shade } from './scene-draw';
import { circlePath, el, hex, linePath, num, smoothPath, verticalGradient } from './svg';

export function renderRidge(ctx: DrawContext, ridge: Ridge, index: number, last: boolean): string {
  const { scene, X, Y, R } = ctx;
  const { style, palette: p } = scene;
  const pts = ridge.xs.map((x, i): [number, number] => [X(x), Y(ridge.ys[i] ?? 1)]);
  const top = style.ridge === 'smooth' ? smoothPath(pts) : linePath(pts);
  const left = pts[0]?.[0] ?? 0;
  const right = pts[pts.length - 1]?.[0] ?? 0;
  const shape = `${top}L${right} ${Y(1.6)}L${left} ${Y(1.6)}Z`;
  const minY = Math.min(...pts.map(([, y]) => y));
  let fill = hex(ridge.colour);
  if (style.fill === 'gradient') {
    const id = `ridge${index}`;
    const bottom = style.id === 'ink_wash' ? p.paper : shade(ridge.colour, -0.08);
    ctx.defs.push(
      verticalGradient(id, minY, Y(1.05), [
        [0, shade(ridge.colour, 0.05)],
        [1, bottom],
      ]),
    );
    fill = `url(#${id})`;
  }
  let out = el('path', { d: shape, fill });
  if (style.ridge === 'faceted') out += renderFacets(ctx, ridge, pts);
  out += renderTrees(ctx, ridge, index);
  if (style.outline) {
    out += el('path', {
      d: top,
      fill: 'none',
      stroke: hex(p.ink),
      'stroke-width': R(style.outline),
      'stroke-linejoin': 'round',
    });
  }
  if (style.id === 'cyberpunk') {
    const neon = hex(p.accents[index % p.accents.length] ?? p.sun);
    out += el('path', {
      d: top,
      fill: 'none',
      stroke: neon,
      'stroke-width': R(0.012),
      'stroke-opacity': 0.22,
    });
    out += el('path', { d: top, fill: 'none', stroke: neon, 'stroke-width': R(0.0025) });
  }
  if (!last && style.mist > 0) {
    const id = `mist${index}`;
    const meanY = pts.reduce((sum, [, y]) => sum + y, 0) / pts.length;
    const haze = style.id === 'ink_wash' ? p.paper : mixRgb(p.horizon, p.skyMid, 0.45);
    ctx.defs.push(
      verticalGradient(id, minY, meanY + Y(0.08), [
        [0, haze, 0],
        [1, haze, style.mist * 0.75],
      ]),
    );
    out += el('rect', {
      x: left,
      y: minY,
      width: right - left,
      height: Y(1.6) - minY,
      fill: `url(#${id})`,
    });
  }
  return out;
}

/**
 * Low-poly facets: a strip of triangles under the ridge line, each shaded by how its upper
 * edge faces a light from the upper left.
 */
function renderFacets(ctx: DrawContext, ridge: Ridge, pts: [number, number][]): string {
  const rng = createRng(mixSeeds(ctx.scene.detailSeed, Math.round(ridge.depth * 1000)));
  const depthY = ctx.R(0.07 + 0.06 * (1 - ridge.depth));
  const lower = pts.slice(0, -1).map((a, i): [number, number] => {
    const b = pts[i + 1] ?? a;
    return [
      (a[0] + b[0]) / 2 + rng.range(-0.2, 0.2) * (b[0] - a[0]),
      Math.max(a[1], b[1]) + depthY * rng.range(0.6, 1.4),
    ];
  });
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const a = pts[i] ?? [0, 0];
    const b = pts[i + 1] ?? a;
    const q = lower[i] ?? a;
    const slope = (a[1] - b[1]) / Math.max(1, b[0] - a[0]);
    out += el('path', {
      d: `${linePath([a, b, q])}Z`,
      fill: hex(shade(ridge.colour, Math.max(-0.1, Math.min(0.1, slope * 0.12)))),
    });
    const next = lower[i + 1];
    if (next)
      out += el('path', {
        d: `${linePath([q, b, next])}Z`,
        fill: hex(shade(ridge.colour, -0.03 + rng.range(-0.02, 0.02))),
      });
  }
  return out;
}

/** Clumps of pines or round trees standing on the nearer ridges. */
function renderTrees(ctx: DrawContext, ridge: Ridge, index: number): string {
  const { scene, X, Y, R } = ctx;
  const { style, palette: p } = scene;
  const round = style.extras.includes('round-trees');
  if ((!round && !style.extras.includes('pines')) || ridge.depth < 0.3) return '';
  const rng = createRng(mixSeeds(scene.detailSeed, 101 + index));
  let d = '';
  for (let clump = rng.int(1, 4); clump > 0; clump--) {
    const centre = rng.range(-0.2, 1.2);
    for (let n = rng.int(3, 12); n > 0; n--) {
      const x = centre + rng.range(-0.09, 0.09);
      const h = R(rng.range(0.025, 0.06) * (0.4 + ridge.depth));
      const [tx, ty] = [X(x), Y(ridgeY(ridge, x)) + h * 0.25];
      d += round
        ? circlePath(tx, ty - h * 0.55, h * 0.45)
        : `${linePath([
            [tx - h * 0.3, ty],
            [tx, ty - h],
            [tx + h * 0.3, ty],
          ])}Z`;
    }
  }
  // Evergreens keep their dark needles under snow; elsewhere trees are a shade of their hill.
  const ink =
    style.id === 'ink_wash'
      ? shade(p.ink, 0.1)
      : scene.snow
        ? mixRgb(p.ink, ridge.colour, 0.35)
        : shade(ridge.colour, round ? 0.04 : -0.07);
  const outline = style.outline
    ? { stroke: hex(p.ink), 'stroke-width': R(style.outline) * 0.6 }
    : {};
  return el('path', { d, fill: hex(ink), ...outline });
}

/** A lake: the sky's colours, the far ranges mirrored in it, and the sun's glitter path. */
export function renderWater(ctx: DrawContext, mirrored: Ridge[]): string {
  const { scene, W, X, Y, R } = ctx;
  if (scene.water === null) return '';
  const p = scene.palette;
  const top = Y(scene.water);
  const far = shade(mixRgb(p.horizon, p.skyMid, 0.3), -0.06);
  ctx.defs.push(
    verticalGradient('water', top, Y(1), [
      [0, far],
      [1, shade(mixRgb(p.skyTop, p.skyMid, 0.4), -0.06)],
    ]),
  );
  ctx.defs.push(
    el(
      'clipPath',
      { id: 'lake' },
      el('rect', { x: -W, y: top, width: 3 * W, height: Y(1.6) - top }),
    ),
  );
  const reflections = mirrored
    .map((r) => {
      const pts = r.xs.map((x, i): [number, number] => [X(x), Y(r.ys[i] ?? 1)]);
      return el('path', {
        d: `${linePath(pts)}L${num(X(2))} ${num(Y(1.6))}L${num(X(-1))} ${num(Y(1.6))}Z`,
        fill: hex(shade(r.colour, -0.04)),
      });
    })
    .join('');
  const rng = createRng(mixSeeds(scene.detailSeed, 77));
  let glints = '';
  for (let k = 0; k < 22; k++) {
    const y = top + (Y(1) - top) * ((k + rng.range(0.2, 0.8)) / 22) ** 1.4;
    const half = R(scene.sun.r) * (1.3 - k * 0.03) * rng.range(0.3, 1);
    const x = X(scene.sun.x) + R(scene.sun.r) * rng.range(-0.5, 0.5);
    glints += `M${num(x - half)} ${num(y)}h${num(2 * half)}`;
  }
  return (
    el('rect', { x: -W, y: top, width: 3 * W, height: Y(1.6) - top, fill: 'url(#water)' }) +
    el(
      'g',
      { 'clip-path': 'url(#lake)', opacity: 0.4 },
      el('g', { transform: `matrix(1 0 0 -1 0 ${num(2 * top)})` }, reflections),
    ) +
    el('path', {
      d: glints,
      stroke: hex(p.sun),
      'stroke-width': R(0.004),
      'stroke-opacity': 0.55,
    }) +
    el('rect', {
      x: -W,
      y: top - 1,
      width: 3 * W,
      height: 2,
      fill: hex(shade(far, 0.08)),
      'fill-opacity': 0.6,
    })
  );
}

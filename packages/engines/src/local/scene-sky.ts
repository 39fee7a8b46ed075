import { hslToRgb, mixRgb } from './color';
import { type DrawContext, shade } from './scene-draw';
import { circlePath, el, hex, radialGradient, verticalGradient } from './svg';

export function renderSun(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  const { sun, palette: p, style } = scene;
  const [cx, cy, r] = [X(sun.x), Y(sun.y), R(sun.r)];
  const glowAlpha = scene.mood === 'night' ? 0.35 : 0.6;
  ctx.defs.push(
    radialGradient('glow', [
      [0, p.glow, glowAlpha],
      [0.35, p.glow, glowAlpha * 0.35],
      [1, p.glow, 0],
    ]),
  );
  // The light pooling along the horizon under the sun gives the far ranges depth.
  const warm = scene.mood === 'sunset' || scene.mood === 'dawn' ? 0.55 : 0.28;
  ctx.defs.push(
    radialGradient('horizonGlow', [
      [0, mixRgb(p.glow, p.horizon, 0.4), warm],
      [1, p.horizon, 0],
    ]),
  );
  let out = el('ellipse', {
    cx,
    cy: Y(scene.horizon),
    rx: ctx.W * 0.75,
    ry: ctx.H * 0.18,
    fill: 'url(#horizonGlow)',
  });
  out += el('circle', {
    cx,
    cy,
    r: r * (style.id === 'cyberpunk' ? 2.2 : 4.5),
    fill: 'url(#glow)',
  });
  if (style.id === 'cyberpunk') {
    ctx.defs.push(
      verticalGradient('sun', cy - r, cy + r, [
        [0, p.sun],
        [1, hslToRgb([322, 1, 0.56])],
      ]),
    );
    out += el('circle', { cx, cy, r, fill: 'url(#sun)' });
    for (let k = 0; k < 6; k++) {
      const y = cy + r * (0.1 + k * 0.16);
      out += el('rect', {
        x: cx - r,
        y,
        width: 2 * r,
        height: r * (0.02 + k * 0.018),
        fill: 'url(#sky)',
      });
    }
    return out;
  }
  if (style.fill === 'flat' || style.ridge === 'faceted') {
    const rings = [1, 0.8, 0.6].map((k, i) =>
      el('circle', { cx, cy, r: r * k, fill: hex(shade(p.sun, i * 0.04)) }),
    );
    const outline = style.outline ? { stroke: hex(p.ink), 'stroke-width': R(style.outline) } : {};
    return (
      out + el('circle', { cx, cy, r, fill: hex(p.sun), ...outline }) + rings.slice(1).join('')
    );
  }
  if (style.id === 'van_gogh') {
    const halo = hex(mixRgb(p.sun, [255, 255, 255], 0.3));
    out += [1.5, 2.1, 2.8]
      .map((k, i) =>
        el('circle', {
          cx,
          cy,
          r: r * k,
          fill: 'none',
          stroke: halo,
          'stroke-width': r * 0.16,
          'stroke-opacity': 0.5 - i * 0.13,
        }),
      )
      .join('');
  }
  ctx.defs.push(
    radialGradient('disc', [
      [0, mixRgb(p.sun, [255, 255, 255], 0.5)],
      [0.8, p.sun],
      [1, p.glow, 0.9],
    ]),
  );
  return out + el('circle', { cx, cy, r, fill: 'url(#disc)' });
}

export function renderClouds(ctx: DrawContext): string {
  const { scene, X, Y, R } = ctx;
  const { style, palette: p } = scene;
  const scale = style.id === 'miyazaki' ? 1.5 : 1;
  if (style.clouds === 'soft') {
    ctx.defs.push(
      radialGradient('cloud', [
        [0, p.cloud, 0.55],
        [0.6, p.cloud, 0.25],
        [1, p.cloud, 0],
      ]),
    );
    return scene.clouds
      .flatMap((c) =>
        c.puffs.map((f) =>
          el('ellipse', {
            cx: X(c.x) + R(f.dx * 2.2),
            cy: Y(c.y) + R(f.dy * 0.4),
            rx: R(f.r * 3),
            ry: R(f.r * 0.5),
            fill: 'url(#cloud)',
          }),
        ),
      )
      .join('');
  }
  const puffs = scene.clouds.flatMap((c) =>
    c.puffs.map((f) => ({
      x: X(c.x) + R(f.dx * scale),
      y: Y(c.y) + R(f.dy * scale),
      r: R(f.r * scale),
    })),
  );
  const path = (dy: number, k: number) =>
    puffs.map((f) => circlePath(f.x, f.y + f.r * dy, f.r * k)).join('');
  const outline = style.outline
    ? el('path', {
        d: path(0, 1),
        fill: 'none',
        stroke: hex(p.ink),
        'stroke-width': R(style.outline) * 2,
      })
    : '';
  return (
    outline +
    el('path', { d: path(0, 1), fill: hex(p.cloudShade) }) +
    el('path', { d: path(-0.14, 0.84), fill: hex(p.cloud) })
  );
}

import type { Ridge, Scene } from './scene';
import type { DrawContext, SceneCanvas, ScenePart } from './scene-draw';
import { renderBirds, renderGrid, renderOrbs, renderOverlay, renderRibbons } from './scene-extras';
import { renderRidge, renderWater } from './scene-land';
import { renderClouds, renderSun } from './scene-sky';
import { renderSparkles, renderStars, renderSwirls } from './scene-strokes';
import { renderSubjects } from './subjects/compose';
import { el, verticalGradient } from './svg';

function renderSky(ctx: DrawContext): string {
  const { scene, W, H, Y } = ctx;
  const p = scene.palette;
  ctx.defs.push(
    verticalGradient('sky', Y(0), Y(scene.horizon), [
      [0, p.skyTop],
      [0.55, p.skyMid],
      [1, p.horizon],
    ]),
  );
  return el('rect', { x: -W, y: -H, width: 3 * W, height: 3 * H, fill: 'url(#sky)' });
}

/** The scene as an SVG document; `part` picks the layers (see ScenePart). */
export function renderSceneSvg(scene: Scene, canvas: SceneCanvas, part: ScenePart = 'all'): string {
  const { width: W, height: H } = canvas;
  const S = Math.min(W, H);
  const ctx: DrawContext = {
    scene,
    W,
    H,
    X: (x) => x * W,
    Y: (y) => y * H,
    R: (r) => r * S,
    defs: [],
  };
  const hasFloor = scene.style.extras.includes('grid');
  const ridges = scene.ridges.filter((r) => !hasFloor || r.depth < 0.5);
  const isBack = (r: Ridge) => r.depth < 0.5;
  const ridgeSvg = (r: Ridge, i: number) => renderRidge(ctx, r, i, i === ridges.length - 1);
  const back = () =>
    renderSky(ctx) +
    renderStars(ctx) +
    renderSun(ctx) +
    renderClouds(ctx) +
    renderOrbs(ctx) +
    renderBirds(ctx) +
    renderSparkles(ctx) +
    ridges.map((r, i) => (isBack(r) ? ridgeSvg(r, i) : '')).join('') +
    renderWater(ctx, ridges.filter(isBack)) +
    renderSwirls(ctx, 'back');
  const front = () =>
    ridges.map((r, i) => (isBack(r) ? '' : ridgeSvg(r, i))).join('') +
    renderGrid(ctx) +
    renderRibbons(ctx) +
    renderSwirls(ctx, 'front');
  const body =
    (part === 'all' || part === 'back' ? back() : '') +
    (part === 'all' || part === 'front' ? front() : '') +
    // A video draws its subjects as sprites of their own, so they can move (preview-video.ts).
    (part === 'all' ? renderSubjects(ctx, scene.subjects) : '') +
    (part === 'all' || part === 'overlay' ? renderOverlay(ctx) : '');
  const view = canvas.view ?? { x: 0, y: 0, w: W, h: H };
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: canvas.pixelWidth ?? W,
      height: canvas.pixelHeight ?? H,
      viewBox: `${view.x} ${view.y} ${view.w} ${view.h}`,
      preserveAspectRatio: 'none',
    },
    `<defs>${ctx.defs.join('')}</defs>${body}`,
  );
}

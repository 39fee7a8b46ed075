import { mixRgb, rgbToHsl, type Rgb } from '../color';
import { createRng, mixSeeds } from '../prng';
import type { Scene } from '../scene';
import { ridgeY, type DrawContext } from '../scene-draw';
import { el, hex, num } from '../svg';
import type { Subject } from './find-subjects';
import { findPictogram } from './pictograms';

/**
 * One drawn copy of a subject, in frame units like the rest of the scene: `x` is its centre
 * (in widths), `ground` the line it stands on (in heights), `size` its height in short sides.
 */
export type PlacedSubject = {
  subject: Subject;
  x: number;
  ground: number;
  size: number;
  flip: boolean;
  /** Phase of the idle motion (bob and sway) in a video, 0–1. */
  phase: number;
};

const maxCopies = 6;

/** The main subject's height by how many are drawn: large alone, smaller in a crowd. */
const mainSize = (copies: number): number => [0.5, 0.4, 0.33, 0.28, 0.25, 0.22][copies - 1] ?? 0.22;

/**
 * Places the subjects side by side on the nearest ridge, centred in the frame: the first
 * named largest, the others a little smaller, each copy of one subject facing the other way
 * from its neighbour; the seed nudges positions and sizes.
 */
export function placeSubjects(
  subjects: Subject[],
  scene: Scene,
  aspect: number,
  seed: number,
): PlacedSubject[] {
  const rng = createRng(mixSeeds(seed, 0x5b));
  const copies = subjects
    .flatMap((subject) => Array.from({ length: subject.count }, (_, copy) => ({ subject, copy })))
    .slice(0, maxCopies);
  if (copies.length === 0) return [];
  // Heights are in short sides; widths in frame widths (a pictogram is square).
  const toWidth = aspect >= 1 ? 1 / aspect : 1;
  // A wide frame has room beside its subjects: they may grow a little into it.
  const base = mainSize(copies.length) * (aspect > 1 ? Math.min(1.2, Math.sqrt(aspect)) : 1);
  const sizes = copies.map((c) => base * (c.subject.main ? 1 : 0.75) * rng.range(0.93, 1.07));
  const gap = 0.02;
  const total = sizes.reduce((sum, s) => sum + s * toWidth + gap, -gap);
  const fit = Math.min(1, 0.9 / total);
  const order = rng.chance(0.5) ? copies : [...copies].reverse();
  const orderedSizes = order === copies ? sizes : [...sizes].reverse();
  let left = 0.5 - (total * fit) / 2 + rng.range(-0.04, 0.04);
  const front = scene.ridges[scene.ridges.length - 1];
  const flipFirst = rng.chance(0.5);
  return order.map((c, i) => {
    const size = (orderedSizes[i] ?? base) * fit;
    const width = size * toWidth;
    const x = left + width / 2;
    left += width + gap * fit;
    const hill = front ? ridgeY(front, x) + 0.04 : 0.86;
    // Low horizons and tall frames could push a big subject off the top or bottom.
    const heightInFrame = aspect >= 1 ? size : size * aspect;
    const ground = Math.min(0.96, Math.max(0.06 + heightInFrame, hill + rng.range(-0.01, 0.02)));
    return {
      subject: c.subject,
      x,
      ground,
      size,
      flip: (c.copy % 2 === 1) !== flipFirst,
      phase: rng.next(),
    };
  });
}

/** The light the scene casts on its subjects: white by day, warm at sunset, blue at night. */
function sceneLight(scene: Scene): Rgb {
  const white: Rgb = [255, 255, 255];
  const k = { day: 0.12, dawn: 0.22, sunset: 0.3, night: 0.5 }[scene.mood];
  const light = mixRgb(
    white,
    scene.mood === 'night' ? scene.palette.skyMid : scene.palette.glow,
    k,
  );
  const dim = scene.mood === 'night' ? 0.72 : 1;
  return [light[0] * dim, light[1] * dim, light[2] * dim];
}

/**
 * The style's treatment of a pictogram as an SVG filter: its saturation and the scene's
 * light (one colour matrix), flat styles posterised, outlined styles outlined in the ink.
 */
function subjectFilter(ctx: DrawContext, id: string, scale: number): string {
  const { scene } = ctx;
  const style = scene.style;
  const grey = style.id === 'ink_wash';
  const sat = grey ? 0.08 : Math.min(1.4, style.tone([0, 0.5, 0.5], 'accent')[1] / 0.5);
  const [lr, lg, lb] = sceneLight(scene);
  const m = [
    [0.213 + 0.787 * sat, 0.715 - 0.715 * sat, 0.072 - 0.072 * sat],
    [0.213 - 0.213 * sat, 0.715 + 0.285 * sat, 0.072 - 0.072 * sat],
    [0.213 - 0.213 * sat, 0.715 - 0.715 * sat, 0.072 + 0.928 * sat],
  ];
  const row = (r: number[] | undefined, light: number) =>
    `${(r ?? [0, 0, 0]).map((v) => num((v * light) / 255)).join(' ')} 0 0`;
  const values = `${row(m[0], lr)} ${row(m[1], lg)} ${row(m[2], lb)} 0 0 0 1 0`;
  let body = el('feColorMatrix', { in: 'SourceGraphic', type: 'matrix', values, result: 'lit' });
  if (style.fill === 'flat') {
    const table = '0 0.25 0.5 0.75 1';
    body += el(
      'feComponentTransfer',
      { in: 'lit', result: 'lit' },
      ['R', 'G', 'B']
        .map((c) => el(`feFunc${c}`, { type: 'discrete', tableValues: table }))
        .join(''),
    );
  }
  if (style.outline > 0) {
    const radius = (style.outline * Math.min(ctx.W, ctx.H)) / scale;
    body +=
      el('feMorphology', { in: 'SourceAlpha', operator: 'dilate', radius, result: 'grown' }) +
      el('feFlood', { 'flood-color': hex(scene.palette.ink), result: 'ink' }) +
      el('feComposite', { in: 'ink', in2: 'grown', operator: 'in', result: 'edge' }) +
      el('feMerge', {}, el('feMergeNode', { in: 'edge' }) + el('feMergeNode', { in: 'lit' }));
  }
  return el(
    'filter',
    {
      id,
      x: '-10%',
      y: '-10%',
      width: '120%',
      height: '120%',
      'color-interpolation-filters': 'sRGB',
    },
    body,
  );
}

/** One subject with its soft ground shadow, as SVG in the scene's pixel space. */
export function renderPlacedSubject(ctx: DrawContext, placed: PlacedSubject, key: string): string {
  const icon = findPictogram(placed.subject.pictogram);
  if (!icon) return '';
  const h = ctx.R(placed.size);
  const scale = h / icon.height;
  const w = icon.width * scale;
  const cx = ctx.X(placed.x);
  const gy = ctx.Y(placed.ground);
  const shadowId = `subject-shadow-${key}`;
  const filterId = `subject-tone-${key}`;
  const shade = rgbToHsl(ctx.scene.palette.ink)[2] < 0.5 ? ctx.scene.palette.ink : [0, 0, 0];
  ctx.defs.push(
    el(
      'radialGradient',
      { id: shadowId },
      el('stop', { offset: 0, 'stop-color': hex(shade as Rgb), 'stop-opacity': 0.45 }) +
        el('stop', { offset: 1, 'stop-color': hex(shade as Rgb), 'stop-opacity': 0 }),
    ),
    subjectFilter(ctx, filterId, scale),
  );
  const shadow = el('ellipse', {
    cx,
    cy: gy - h * 0.03,
    rx: w * 0.5,
    ry: h * 0.08,
    fill: `url(#${shadowId})`,
  });
  const sx = placed.flip ? -scale : scale;
  const x0 = placed.flip ? cx + w / 2 : cx - w / 2;
  // Pictograms leave a margin under their feet; sink them a little so they stand on the ground.
  const y0 = gy - h * 0.97;
  const art = el(
    'g',
    { filter: `url(#${filterId})` },
    el(
      'g',
      { transform: `translate(${num(x0)} ${num(y0)}) scale(${num(sx)} ${num(scale)})` },
      icon.body,
    ),
  );
  return shadow + art;
}

/** Every placed subject, back to front (lower on the frame means nearer). */
export function renderSubjects(ctx: DrawContext, placed: readonly PlacedSubject[]): string {
  return [...placed.entries()]
    .sort(([, a], [, b]) => a.ground - b.ground)
    .map(([i, p]) => renderPlacedSubject(ctx, p, String(i)))
    .join('');
}

import { el, num } from './svg';

/**
 * "PREVIEW" drawn as strokes on a 4×6 grid, so the mark needs no font: it renders the same
 * on every machine, which keeps the PNG bytes reproducible.
 */
const glyphs: Record<string, string> = {
  P: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0',
  R: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0M2.2 3L4 6',
  E: 'M4 0H0V6H4M0 3H3',
  V: 'M0 0L2 6L4 0',
  I: 'M2 0V6M0.8 0H3.2M0.8 6H3.2',
  W: 'M0 0L1 6L2 2L3 6L4 0',
};

/** The mark's SVG (a translucent pill with the word), sized for a picture of `short` px. */
export function previewMarkSvg(short: number): { svg: string; width: number; height: number } {
  const unit = Math.max(1.4, short / 420);
  const letterH = unit * 6;
  const advance = unit * 6;
  const padX = unit * 5;
  const padY = unit * 3.5;
  const word = 'PREVIEW';
  const width = Math.ceil(padX * 2 + advance * word.length - unit * 2);
  const height = Math.ceil(letterH + padY * 2);
  const letters = [...word]
    .map((ch, i) =>
      el('path', {
        d: glyphs[ch] ?? '',
        transform: `translate(${num(padX + i * advance)} ${num(padY)}) scale(${num(unit)})`,
      }),
    )
    .join('');
  const body =
    el('rect', {
      x: 0,
      y: 0,
      width,
      height,
      rx: height / 2,
      fill: '#000000',
      'fill-opacity': 0.32,
    }) +
    el(
      'g',
      {
        fill: 'none',
        stroke: '#ffffff',
        'stroke-opacity': 0.85,
        // In glyph units: the transform scales it with the letters.
        'stroke-width': 0.7,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      },
      letters,
    );
  return {
    svg: el('svg', { xmlns: 'http://www.w3.org/2000/svg', width, height }, body),
    width,
    height,
  };
}

/**
 * Where the mark sits: the top-left corner, inset by a small margin. The bottom-right corner
 * belongs to the watermark of `_wm` twins, so the two never cover each other.
 */
export function previewMarkPosition(width: number, height: number): { left: number; top: number } {
  const margin = Math.round(Math.min(width, height) * 0.02);
  return { left: margin, top: margin };
}

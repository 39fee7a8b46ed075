import { el, num } from './svg';

/**
 * Capitals drawn as strokes on a 4×6 grid, so a label needs no font: it renders the same on
 * every machine, which keeps the PNG bytes reproducible.
 */
const glyphs: Record<string, string> = {
  A: 'M0 6L2 0L4 6M0.7 4H3.3',
  C: 'M4 0.8Q3.4 0 2 0Q0 0 0 3Q0 6 2 6Q3.4 6 4 5.2',
  D: 'M0 0V6H1.8Q4 6 4 3Q4 0 1.8 0Z',
  E: 'M4 0H0V6H4M0 3H3',
  G: 'M4 0.8Q3.4 0 2 0Q0 0 0 3Q0 6 2 6Q4 6 4 4V3.4H2.4',
  H: 'M0 0V6M4 0V6M0 3H4',
  I: 'M2 0V6M0.8 0H3.2M0.8 6H3.2',
  N: 'M0 6V0L4 6V0',
  O: 'M2 0Q4 0 4 3Q4 6 2 6Q0 6 0 3Q0 0 2 0Z',
  P: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0',
  R: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0M2.2 3L4 6',
  S: 'M4 0.8Q3.5 0 2 0Q0 0 0 1.6Q0 3 2 3Q4 3 4 4.4Q4 6 2 6Q0.5 6 0 5.2',
  T: 'M0 0H4M2 0V6',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L1 6L2 2L3 6L4 0',
};

/**
 * A translucent pill with `word` in the stroke capitals, `unit` px a grid step; a space (or a
 * letter it has no glyph for) leaves a gap.
 */
export function strokeLabelSvg(
  word: string,
  unit: number,
): { svg: string; width: number; height: number } {
  const advance = unit * 6;
  const [padX, padY] = [unit * 5, unit * 3.5];
  const width = Math.ceil(padX * 2 + advance * word.length - unit * 2);
  const height = Math.ceil(unit * 6 + padY * 2);
  const letters = [...word]
    .map((ch, i) =>
      glyphs[ch]
        ? el('path', {
            d: glyphs[ch],
            transform: `translate(${num(padX + i * advance)} ${num(padY)}) scale(${num(unit)})`,
          })
        : '',
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

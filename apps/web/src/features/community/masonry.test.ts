import { describe, expect, it } from 'vitest';
import { columnCountFor, distributeMasonry, mediaAspect } from './masonry';

describe('columnCountFor', () => {
  it('keeps two columns on a 360 px phone and grows with the width', () => {
    expect(columnCountFor(336)).toBe(2);
    expect(columnCountFor(720)).toBe(3);
    expect(columnCountFor(1200)).toBe(5);
  });

  it('stops at the maximum and falls back to the minimum before the width is known', () => {
    expect(columnCountFor(4000)).toBe(6);
    expect(columnCountFor(0)).toBe(2);
    expect(columnCountFor(Number.NaN)).toBe(2);
  });
});

describe('distributeMasonry', () => {
  const tall = { id: 'tall', h: 2 };
  const square = (id: string) => ({ id, h: 1 });

  it('puts each item into the shortest column, leftmost on a tie', () => {
    const items = [tall, square('a'), square('b'), square('c'), square('d')];
    const columns = distributeMasonry(items, 2, (i) => i.h);
    expect(columns.map((c) => c.map((i) => i.id))).toEqual([
      ['tall', 'c'],
      ['a', 'b', 'd'],
    ]);
  });

  it('keeps earlier items where they were when a page is appended', () => {
    const first = [tall, square('a'), square('b')];
    const more = [...first, square('c'), square('d'), square('e')];
    const before = distributeMasonry(first, 3, (i) => i.h);
    const after = distributeMasonry(more, 3, (i) => i.h);
    before.forEach((column, c) => expect(after[c]?.slice(0, column.length)).toEqual(column));
  });

  it('places every item exactly once and treats bad heights as square', () => {
    const items = Array.from({ length: 17 }, (_, i) => ({
      id: String(i),
      h: i % 3 === 0 ? NaN : 1,
    }));
    const columns = distributeMasonry(items, 4, (i) => i.h);
    expect(columns).toHaveLength(4);
    expect(
      columns
        .flat()
        .map((i) => i.id)
        .sort(),
    ).toEqual(items.map((i) => i.id).sort());
    const lengths = columns.map((c) => c.length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
  });

  it('uses one column when asked for fewer', () => {
    expect(distributeMasonry([square('a'), square('b')], 0, (i) => i.h)).toEqual([
      [square('a'), square('b')],
    ]);
  });
});

describe('mediaAspect', () => {
  it('is height over width, clamped, and square when unknown', () => {
    expect(mediaAspect(1024, 576)).toBeCloseTo(0.5625);
    expect(mediaAspect(100, 1000)).toBe(2);
    expect(mediaAspect(null, 512)).toBe(1);
  });
});

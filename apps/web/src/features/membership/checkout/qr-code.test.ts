import { describe, expect, it } from 'vitest';
import { addErrorCorrection, encodeQr, formatBits, rawCodewords, reedSolomon } from './qr-code';

const finder = [
  [1, 1, 1, 1, 1, 1, 1],
  [1, 0, 0, 0, 0, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 1, 1, 1, 0, 1],
  [1, 0, 0, 0, 0, 0, 1],
  [1, 1, 1, 1, 1, 1, 1],
].map((row) => row.map(Boolean));

describe('QR code', () => {
  it('computes the error correction of the standard "HELLO WORLD" 1-M example', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('knows the format strings of the standard table', () => {
    expect(formatBits(0b00, 0).toString(2).padStart(15, '0')).toBe('101010000010010');
    expect(formatBits(0b00, 5).toString(2).padStart(15, '0')).toBe('100000011001110');
    expect(formatBits(0b01, 0).toString(2).padStart(15, '0')).toBe('111011111000100');
  });

  it('counts the codewords each version holds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(rawCodewords)).toEqual([
      26, 44, 70, 100, 134, 172, 196, 242, 292, 346,
    ]);
  });

  it('interleaves blocks of unequal length', () => {
    // Version 8-M: two blocks of 38 data codewords, then two of 39.
    const data = Array.from({ length: 154 }, (_, i) => i);
    const out = addErrorCorrection(data, 8);
    expect(out).toHaveLength(242);
    expect(out.slice(0, 4)).toEqual([0, 38, 76, 115]);
    // The last data round only has the long blocks.
    expect(out.slice(150, 155)).toEqual([
      113,
      152,
      114,
      153,
      reedSolomon(data.slice(0, 38), 22)[0],
    ]);
  });

  it('draws finder patterns, timing and the dark module in the smallest fitting version', () => {
    const short = encodeQr('https://lumen.test/pay');
    expect(short.size).toBe(25);
    // 95 bytes: version 6 holds 106 in byte mode, version 5 only 84.
    const code = encodeQr(`https://lumen.example/pay/checkout/${'x'.repeat(60)}`);
    expect(code.size).toBe(4 * 6 + 17);
    // Version 7 and up carry version information.
    expect(encodeQr('x'.repeat(115)).size).toBe(45);
    const { modules, size } = code;
    const corner = (x0: number, y0: number) =>
      finder.map((row, y) => row.map((_, x) => modules[y0 + y]![x0 + x]));
    expect(corner(0, 0)).toEqual(finder);
    expect(corner(size - 7, 0)).toEqual(finder);
    expect(corner(0, size - 7)).toEqual(finder);
    for (let i = 8; i < size - 8; i++) {
      expect(modules[6]![i]).toBe(i % 2 === 0);
      expect(modules[i]![6]).toBe(i % 2 === 0);
    }
    expect(modules[size - 8]![8]).toBe(true);
  });

  it('writes the same format information in both copies', () => {
    const { modules, size } = encodeQr('lumen');
    const first: boolean[] = [];
    for (let x = 0; x <= 8; x++) if (x !== 6) first.push(modules[8]![x]!);
    for (let y = 7; y >= 0; y--) if (y !== 6) first.push(modules[y]![8]!);
    const second: boolean[] = [];
    for (let y = size - 1; y >= size - 7; y--) second.push(modules[y]![8]!);
    for (let x = size - 8; x < size; x++) second.push(modules[8]![x]!);
    expect(first).toEqual(second);
    const bits = parseInt(first.map((d) => (d ? '1' : '0')).join(''), 2);
    const mask = [0, 1, 2, 3, 4, 5, 6, 7].find((m) => formatBits(0, m) === bits);
    expect(mask).toBeDefined();
  });

  it('refuses text longer than version 10 holds', () => {
    expect(() => encodeQr('x'.repeat(300))).toThrow(RangeError);
  });
});

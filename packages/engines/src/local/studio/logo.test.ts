import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderLogos } from './logo';
import { chooseMark, readIcon } from './logo-marks';
import { initialsOf, isCjk, setLine } from './type-set';

const quiet = async () => {};
const base = { slogan: '', industry: '', style: 'minimal' as const, colors: [] as string[] };

describe('the brand mark', () => {
  it('is picked by the industry in any of the four languages, else the initials stand in', () => {
    expect(
      chooseMark({ industry: 'Coffee roaster', prompt: '', slogan: '', brand: 'X' }, 0).icon,
    ).toBe('coffee');
    expect(chooseMark({ industry: '咖啡', prompt: '', slogan: '', brand: 'X' }, 1).icon).toBe(
      'cup',
    );
    expect(chooseMark({ industry: 'cafetería', prompt: '', slogan: '', brand: 'X' }, 0).icon).toBe(
      'coffee',
    );
    expect(
      chooseMark({ industry: '', prompt: 'a logo for my dental clinic', slogan: '', brand: 'X' }, 0)
        .icon,
    ).toBe('dental');
    // "it" inside "kitten" is no industry: Latin words match whole.
    const none = chooseMark({ industry: 'kitten', prompt: '', slogan: '', brand: 'Zed' }, 0);
    expect(none.icon).toBeUndefined();
    expect(none.colours).toHaveLength(2);
  });

  it('reads a Tabler icon without its invisible frame, and nothing for a name it lacks', () => {
    const coffee = readIcon('coffee');
    expect(coffee).toContain('<path');
    expect(coffee).not.toContain('M0 0h24v24H0z');
    expect(readIcon('no-such-icon-here')).toBeUndefined();
  });

  it('takes initials from two words, or one character of a CJK name', () => {
    expect(initialsOf('Nova Labs')).toBe('NL');
    expect(initialsOf('lumen')).toBe('L');
    expect(initialsOf('光明咖啡')).toBe('光');
    expect(isCjk('光明咖啡')).toBe(true);
    expect(isCjk('Lumen 光')).toBe(false);
  });
});

describe('type as paths', () => {
  it('sets Latin in the brand face and falls back to the CJK face for letters it lacks', () => {
    const latin = setLine('Lumen', 'sans', 100);
    expect(latin.usedFallback).toBe(false);
    expect(latin.d).toMatch(/^M[\d.-]+ [\d.-]+/);
    expect(latin.d).not.toContain('NaN');
    expect(latin.width).toBeGreaterThan(250);
    const mixed = setLine('Lumen 光明', 'sans', 100);
    expect(mixed.usedFallback).toBe(true);
    expect(mixed.width).toBeGreaterThan(latin.width + 150);
    // Letter spacing widens a line by the spacing between each pair.
    expect(setLine('Lumen', 'sans', 100, 0.1).width).toBeCloseTo(latin.width + 40, 0);
  });
});

describe('logos on the CPU', () => {
  it('gives each result its own layout as a plain SVG named by the brand, a transparent PNG and a mockup', async () => {
    const outputs = await renderLogos(
      { ...base, brand: 'Lumen', industry: 'coffee', slogan: 'Roasted with care' },
      { count: 3, prompt: '', seed: 0 },
      quiet,
    );
    expect(outputs.map((o) => o.mime)).toEqual(
      Array.from({ length: 3 }, () => ['image/svg+xml', 'image/png', 'image/png']).flat(),
    );
    const svgs = outputs.filter((o) => o.mime === 'image/svg+xml');
    expect(new Set(svgs.map((o) => o.description?.split(' ')[0]))).toEqual(
      new Set(['stacked', 'horizontal', 'wordmark']),
    );
    for (const svg of svgs) {
      const text = svg.bytes.toString('utf8');
      expect(text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(text).toMatch(/<\/svg>$/);
      expect(text).toContain('<title>Lumen</title>');
      expect(text).not.toMatch(/<script|<text|href=|NaN/);
      // The brand's coffee colour, as the industry's palette says.
      expect(text).toContain('#6f4e37');
    }
    const png = outputs[1]!;
    const { data, info } = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
    expect([info.width, info.height]).toEqual([png.width, png.height]);
    expect(outputs[0]!.description).toContain('“coffee” mark');
  });

  it('wears the colours it is given and escapes the brand in the markup', async () => {
    const [svg] = await renderLogos(
      { ...base, brand: 'Tom & <Jerry>', colors: ['#123456', '#abcdef'], style: 'badge' },
      { count: 1, prompt: '', seed: 0 },
      quiet,
    );
    const text = svg!.bytes.toString('utf8');
    expect(text).toContain('#123456');
    expect(text).toContain('<title>Tom &#38; &#60;Jerry&#62;</title>');
    expect(text).not.toContain('<Jerry>');
  });
});

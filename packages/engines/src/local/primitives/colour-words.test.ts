import { describe, expect, it } from 'vitest';
import { colourForPrompt } from './colour-words';

const hueOf = (prompt: string): string => {
  const c = colourForPrompt(prompt);
  if (!c) return 'none';
  const [r, g, b] = c;
  if (Math.max(r, g, b) - Math.min(r, g, b) < 30)
    return r > 160 ? 'light' : r < 80 ? 'dark' : 'grey';
  return r >= g && r >= b ? 'red-ish' : g >= b ? 'green-ish' : 'blue-ish';
};

describe('colourForPrompt', () => {
  it('reads colour words in all four languages', () => {
    expect(hueOf('a red sports car')).toBe('red-ish');
    expect(hueOf('una silla azul')).toBe('blue-ish');
    expect(hueOf('dos casas verdes')).toBe('green-ish');
    expect(hueOf('蓝色的汽车')).toBe('blue-ish');
    expect(hueOf('白い急須')).toBe('light');
    expect(hueOf('un coche negro')).toBe('dark');
    // Wood reads as brown.
    expect(colourForPrompt('una mesa de madera')).toEqual(colourForPrompt('brown'));
    expect(colourForPrompt('木製の椅子')).toEqual(colourForPrompt('brown'));
  });

  it('takes the first colour named and ignores words that only contain one', () => {
    expect(hueOf('a blue cup on a red table')).toBe('blue-ish');
    expect(hueOf('黄昏の家')).toBe('none');
    expect(hueOf('a reddish bird')).toBe('none');
    expect(hueOf('a ceramic teapot')).toBe('none');
  });
});

import { describe, expect, it } from 'vitest';
import { readStudioPrefill } from './studio-prefill';

describe('readStudioPrefill', () => {
  it('reads prompt, negative prompt, seed, ratio and the remixed work', () => {
    expect(
      readStudioPrefill('?prompt=a%20fox&negative=blur&seed=1234&ratio=16:9&remix=42'),
    ).toEqual({ prompt: 'a fox', negative: 'blur', seed: 1234, ratio: '16:9', remixOf: '42' });
  });

  it('maps an unoffered ratio to the nearest offered one', () => {
    expect(readStudioPrefill('?ratio=1024:576').ratio).toBe('16:9');
  });

  it('drops malformed seeds, ratios and work ids', () => {
    expect(readStudioPrefill('?seed=-3&ratio=wide&remix=abc')).toEqual({});
    expect(readStudioPrefill(`?seed=${2 ** 32}`)).toEqual({});
  });

  it('uses the remixed work as the reference only when one is named', () => {
    expect(readStudioPrefill('?remix=7&ref=work')).toEqual({
      remixOf: '7',
      referenceFromWork: true,
    });
    expect(readStudioPrefill('?ref=work')).toEqual({});
    expect(readStudioPrefill('?remix=7&ref=https://example.com/x.png')).toEqual({ remixOf: '7' });
  });
});

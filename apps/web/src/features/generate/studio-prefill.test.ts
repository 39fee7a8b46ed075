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

  it('reads a style, and only one of the offered styles', () => {
    expect(readStudioPrefill('?style=watercolor')).toEqual({ style: 'watercolor' });
    expect(readStudioPrefill('?style=Watercolor')).toEqual({});
    expect(readStudioPrefill('?style=__proto__')).toEqual({});
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

  it('reads one of the user’s own results as the reference, and nothing malformed', () => {
    const id = '0b9c4a1e-6f2d-4c3b-9a8e-1d2c3b4a5f60';
    expect(readStudioPrefill(`?from=${id}:1`)).toEqual({
      referenceFromOutput: { taskId: id, index: 1 },
    });
    expect(readStudioPrefill(`?from=${id}`)).toEqual({});
    expect(readStudioPrefill(`?from=${id}:-1`)).toEqual({});
    expect(readStudioPrefill('?from=../../x:1')).toEqual({});
  });

  it('reads the run to recreate, and nothing that is not a task id', () => {
    const id = '0b9c4a1e-6f2d-4c3b-9a8e-1d2c3b4a5f60';
    expect(readStudioPrefill(`?recreate=${id}&seed=12`)).toEqual({ recreateFrom: id, seed: 12 });
    expect(readStudioPrefill('?recreate=1')).toEqual({});
    expect(readStudioPrefill(`?recreate=${id}x`)).toEqual({});
  });

  it('reads an effect template to use, and nothing that is not a template key', () => {
    const id = '0b9c4a1e-6f2d-4c3b-9a8e-1d2c3b4a5f60';
    expect(readStudioPrefill(`?mode=effect&effect=grow-old`)).toEqual({ effect: 'grow-old' });
    expect(readStudioPrefill(`?effect=hug&from=${id}:0`)).toEqual({
      effect: 'hug',
      referenceFromOutput: { taskId: id, index: 0 },
    });
    expect(readStudioPrefill('?effect=../x')).toEqual({});
    expect(readStudioPrefill('?effect=Hug')).toEqual({});
    expect(readStudioPrefill(`?effect=${'a'.repeat(65)}`)).toEqual({});
  });
});

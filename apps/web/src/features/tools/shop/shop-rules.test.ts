import { describe, expect, it } from 'vitest';
import { nameProblem, sizeProblem } from './shop-rules';

describe('the e-commerce form rules', () => {
  it('takes a size above 0 and up to 500 cm', () => {
    expect(sizeProblem('')).toBe('required');
    expect(sizeProblem('  ')).toBe('required');
    expect(sizeProblem('abc')).toBe('range');
    expect(sizeProblem('0')).toBe('range');
    expect(sizeProblem('-3')).toBe('range');
    expect(sizeProblem('500.5')).toBe('range');
    expect(sizeProblem('12.5')).toBeNull();
    expect(sizeProblem('500')).toBeNull();
  });

  it('counts a name in characters, 2 to 8', () => {
    expect(nameProblem('A')).toBe('nameShort');
    expect(nameProblem(' A ')).toBe('nameShort');
    expect(nameProblem('Summer')).toBeNull();
    expect(nameProblem('夏日')).toBeNull();
    expect(nameProblem('夏日清凉特惠专场')).toBeNull();
    expect(nameProblem('Summer sale')).toBe('nameLong');
  });
});

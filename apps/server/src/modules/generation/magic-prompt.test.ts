import { describe, expect, it } from 'vitest';
import { enrichPrompt } from './magic-prompt';

describe('enrichPrompt', () => {
  it('adds the style’s descriptors after the idea', () => {
    expect(enrichPrompt('a fox in the snow', 'anime')).toBe(
      'a fox in the snow, anime key visual, clean line art, vibrant cel shading, expressive lighting',
    );
  });
  it('does not repeat what the prompt already says, and leaves long prompts alone', () => {
    expect(enrichPrompt('a fox, sharp focus', 'realistic')).not.toMatch(/sharp focus.*sharp focus/);
    const long = 'x'.repeat(301);
    expect(enrichPrompt(long, 'realistic')).toBe(long);
  });
  it('falls back to neutral descriptors for unknown styles', () => {
    expect(enrichPrompt('a boat', 'unknown')).toContain('well composed');
  });
});

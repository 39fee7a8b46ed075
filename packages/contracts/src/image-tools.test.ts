import { describe, expect, it } from 'vitest';
import { fullHexColour, planUpscale, readBackgroundParam } from './image-tools';

describe('planUpscale', () => {
  it('doubles and quadruples within the 4096 px output cap', () => {
    expect(planUpscale(2, 512, 384)).toEqual({ ok: true, width: 1024, height: 768, modelScale: 2 });
    expect(planUpscale(2, 2048, 1000)).toMatchObject({ ok: true, width: 4096 });
    expect(planUpscale(2, 2049, 1000)).toEqual({ ok: false, reason: 'too_large', limit: 2048 });
    expect(planUpscale(4, 1024, 1024)).toEqual({
      ok: true,
      width: 4096,
      height: 4096,
      modelScale: 4,
    });
    expect(planUpscale(4, 1025, 600)).toEqual({ ok: false, reason: 'too_large', limit: 1024 });
  });

  it('lands 4K on a 3840 px long side, keeping the shape', () => {
    expect(planUpscale('4k', 1024, 1024)).toEqual({
      ok: true,
      width: 3840,
      height: 3840,
      modelScale: 4,
    });
    expect(planUpscale('4k', 960, 540)).toEqual({
      ok: true,
      width: 3840,
      height: 2160,
      modelScale: 4,
    });
    expect(planUpscale('4k', 1200, 1600)).toEqual({
      ok: true,
      width: 2880,
      height: 3840,
      modelScale: 2,
    });
    expect(planUpscale('4k', 2048, 2048)).toMatchObject({ ok: true, width: 3840, modelScale: 2 });
  });

  it('refuses 4K from pictures under 960 px (more than 4×) or over 2048 px', () => {
    expect(planUpscale('4k', 959, 959)).toEqual({ ok: false, reason: 'too_small', limit: 960 });
    expect(planUpscale('4k', 512, 512)).toEqual({ ok: false, reason: 'too_small', limit: 960 });
    expect(planUpscale('4k', 2049, 900)).toEqual({ ok: false, reason: 'too_large', limit: 2048 });
  });
});

describe('readBackgroundParam', () => {
  it('reads the choices, colours in both lengths, and anything else as a picture key', () => {
    expect(readBackgroundParam('transparent')).toEqual({ kind: 'transparent' });
    expect(readBackgroundParam('blur')).toEqual({ kind: 'blur' });
    expect(readBackgroundParam('#0F0')).toEqual({ kind: 'colour', colour: '#00ff00' });
    expect(readBackgroundParam('#00ff00')).toEqual({ kind: 'colour', colour: '#00ff00' });
    expect(readBackgroundParam('uploads/7/a.png')).toEqual({
      kind: 'image',
      key: 'uploads/7/a.png',
    });
    expect(() => readBackgroundParam('#12')).toThrow();
    expect(() => readBackgroundParam('#00ff00ff')).toThrow();
    expect(fullHexColour('#AbC')).toBe('#aabbcc');
  });
});

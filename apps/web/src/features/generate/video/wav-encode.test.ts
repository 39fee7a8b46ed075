import { describe, expect, it } from 'vitest';
import { encodeWav, mixDown } from './wav-encode';

describe('encodeWav', () => {
  it('writes a mono 16-bit PCM WAV the gateway recognises by its RIFF/WAVE header', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5]), 16000);
    const view = new DataView(wav.buffer);
    const text = (at: number, length: number) =>
      String.fromCharCode(...wav.subarray(at, at + length));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(text(36, 4)).toBe('data');
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(40, true)).toBe(8);
    expect([1, 2, 3, 4].map((i) => view.getInt16(42 + i * 2, true))).toEqual([
      0, 32767, -32768, 16383,
    ]);
  });

  it('mixes channels down to one', () => {
    expect(Array.from(mixDown([new Float32Array([1, 0]), new Float32Array([0, 1])]))).toEqual([
      0.5, 0.5,
    ]);
  });
});

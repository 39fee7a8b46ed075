import { presetVoices } from '@lumen/contracts/voices';
import { describe, expect, it } from 'vitest';
import { EditInputError } from '../edit/edit-input-error';
import { speak, voiceSample } from './speak';

/** 16-bit mono samples of a WAV eSpeak NG wrote (44-byte header). */
function samplesOf(wav: Buffer): Int16Array {
  const data = wav.subarray(44);
  return new Int16Array(data.buffer, data.byteOffset, Math.floor(data.length / 2));
}

/** Median fundamental frequency over the voiced 40 ms windows, by autocorrelation. */
function medianPitchHz(wav: Buffer): number {
  const rate = wav.readUInt32LE(24);
  const s = samplesOf(wav);
  const win = Math.round(rate * 0.04);
  const found: number[] = [];
  for (let at = 0; at + win * 2 < s.length; at += win) {
    let energy = 0;
    for (let i = 0; i < win; i++) energy += (s[at + i] ?? 0) ** 2;
    if (energy / win < 500 ** 2) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.round(rate / 400); lag <= Math.round(rate / 70); lag++) {
      let c = 0;
      for (let i = 0; i < win; i++) c += (s[at + i] ?? 0) * (s[at + i + lag] ?? 0);
      if (c > best) {
        best = c;
        bestLag = lag;
      }
    }
    if (bestLag) found.push(rate / bestLag);
  }
  found.sort((a, b) => a - b);
  return found[Math.floor(found.length / 2)] ?? 0;
}

describe('speak', () => {
  it('speaks every preset voice, the female voice of each language higher than the male', async () => {
    const texts = {
      en: 'The weather is lovely today, shall we go for a walk?',
      zh: '今天天气很好，我们去散步吧。',
      ja: 'きょうはいいてんきですね。さんぽにいきましょう。',
      es: 'Hoy hace muy buen tiempo, ¿vamos a dar un paseo?',
    };
    const pitch: Record<string, number> = {};
    for (const voice of presetVoices) {
      const { wav, durationS } = await speak(texts[voice.language], voice.id);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(durationS).toBeGreaterThan(1.5);
      expect(durationS).toBeLessThan(8);
      expect(durationS).toBeCloseTo((wav.length - 44) / 2 / wav.readUInt32LE(24), 2);
      pitch[voice.id] = medianPitchHz(wav);
    }
    for (const lang of ['en', 'zh', 'ja', 'es']) {
      expect(pitch[`${lang}-f-1`]).toBeGreaterThan((pitch[`${lang}-m-1`] ?? 0) * 1.3);
    }
  }, 60_000);

  it('speaks a text that starts with a dash instead of reading it as an option', async () => {
    const { durationS } = await speak('-v nothing but words', 'en-m-1');
    expect(durationS).toBeGreaterThan(0.8);
  });

  it('refuses an unknown voice and an empty text as input errors', async () => {
    await expect(speak('Hello', 'en-x-9')).rejects.toMatchObject({
      name: 'EditInputError',
      problem: 'unknown_voice',
    });
    await expect(speak('   ', 'en-f-1')).rejects.toBeInstanceOf(EditInputError);
    await expect(speak('   ', 'en-f-1')).rejects.toMatchObject({ problem: 'empty_text' });
  });

  it('makes a voice sample once and answers it from memory afterwards', async () => {
    const first = await voiceSample('es-f-1');
    const again = await voiceSample('es-f-1');
    expect(again).toBe(first);
    expect(first.durationS).toBeGreaterThan(1);
    const other = await voiceSample('es-m-1');
    expect(other.wav.equals(first.wav)).toBe(false);
    await expect(voiceSample('fr-f-1')).rejects.toMatchObject({ problem: 'unknown_voice' });
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { pickScene, soundEffectFor } from './sound-effect';
import { sceneNames, type SceneName } from './sound-scenes';

/** One prompt per scene, so every synthesiser runs. */
const promptFor: Record<SceneName, string> = {
  rain: 'rain on a window',
  sea: 'waves on a beach',
  wind: 'a snowy mountain pass',
  fire: 'a campfire under pines',
  city: 'a neon street market',
  forest: 'birds in a spring garden',
  water: 'koi in a pond',
  night: 'a starry night',
  space: 'a cyberpunk starship',
  ambient: 'a portrait of a cat',
};

/** Interleaved samples in [-1, 1) of a 16-bit stereo WAV with the canonical 44-byte header. */
function samplesOf(wav: Buffer): { left: Float64Array; right: Float64Array } {
  const frames = (wav.length - 44) / 4;
  const left = new Float64Array(frames);
  const right = new Float64Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = wav.readInt16LE(44 + i * 4) / 32768;
    right[i] = wav.readInt16LE(46 + i * 4) / 32768;
  }
  return { left, right };
}

const rms = (x: Float64Array) => Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length);

/** Pearson correlation of two equally long signals: near 0 for unrelated ones. */
function correlation(a: Float64Array, b: Float64Array): number {
  const mean = (x: Float64Array) => x.reduce((sum, v) => sum + v, 0) / x.length;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb);
}

/** Loudness per 50 ms window: when things happen, whatever the noise under them. */
function loudnessCurve(x: Float64Array): Float64Array {
  const window = 2400;
  return Float64Array.from({ length: Math.floor(x.length / window) }, (_, w) =>
    rms(x.subarray(w * window, (w + 1) * window)),
  );
}

describe('sound effect', () => {
  it('writes a 48 kHz 16-bit stereo PCM WAV exactly as long as the clip', () => {
    const { wav } = soundEffectFor({ prompt: 'rain on a window', durationS: 2.5 }, 1);
    const frames = 2.5 * 48_000;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt32LE(16)).toBe(16);
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24)]).toEqual([
      1, 2, 48_000,
    ]);
    expect([wav.readUInt32LE(28), wav.readUInt16LE(32), wav.readUInt16LE(34)]).toEqual([
      48_000 * 4,
      4,
      16,
    ]);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(frames * 4);
    expect(wav.length).toBe(44 + frames * 4);
  });

  it('gives the same bytes for the same prompt, seed and duration', () => {
    const settings = { prompt: 'a campfire under pines', durationS: 3 };
    expect(soundEffectFor(settings, 9).wav.equals(soundEffectFor(settings, 9).wav)).toBe(true);
  });

  it.each(['rain', 'sea', 'forest'] as const)(
    'sounds different with another seed: other noise and other timing (%s)',
    (scene) => {
      const settings = { prompt: promptFor[scene], durationS: 4 };
      const a = samplesOf(soundEffectFor(settings, 1).wav).left;
      const b = samplesOf(soundEffectFor(settings, 2).wav).left;
      expect(Math.abs(correlation(a, b))).toBeLessThan(0.3);
      // Past the fades, when it swells or chirps differs too.
      const [la, lb] = [loudnessCurve(a).subarray(10, -10), loudnessCurve(b).subarray(10, -10)];
      expect(correlation(la, lb)).toBeLessThan(0.8);
    },
  );

  it.each([
    ['Rain on a neon street', 'rain'],
    ['a neon street in the RAIN', 'city'],
    ['Ocean waves at dawn', 'sea'],
    ['a lone tree in the desert', 'wind'],
    ['candles in a chapel', 'fire'],
    ['a koi pond at night', 'water'],
    ['stars over the hills', 'night'],
    ['a sci-fi corridor', 'space'],
    ['olas en la playa', 'sea'],
    ['una montaña nevada', 'wind'],
    ['lluvia sobre la ciudad', 'rain'],
    ['夜の鯉の池', 'night'],
    ['雨の東京の街', 'rain'],
    ['篝火旁的夜晚', 'fire'],
    ['赛博朋克城市', 'space'],
    ['a portrait of a cat', 'ambient'],
    ['seaside cafe', 'ambient'],
  ] as const)('hears "%s" as %s', (prompt, scene) => {
    expect(pickScene(prompt)).toBe(scene);
    expect(soundEffectFor({ prompt, durationS: 1 }, 3).scene).toBe(scene);
  });

  it.each(sceneNames)('keeps %s audible, under -3 dBFS, faded at both ends and wide', (scene) => {
    for (const seed of [1, 2, 3]) {
      const { wav } = soundEffectFor({ prompt: promptFor[scene], durationS: 5 }, seed);
      const { left, right } = samplesOf(wav);
      const peak = [left, right].reduce(
        (m, x) => x.reduce((n, v) => Math.max(n, Math.abs(v)), m),
        0,
      );
      expect(peak).toBeLessThan(10 ** (-3 / 20));
      expect(rms(left)).toBeGreaterThan(10 ** (-30 / 20));
      expect(rms(right)).toBeGreaterThan(10 ** (-30 / 20));
      expect([left[0], right[0], left.at(-1), right.at(-1)]).toEqual([0, 0, 0, 0]);
      expect(rms(left.subarray(0, 480))).toBeLessThan(rms(left) / 10);
      const correlated = correlation(left, right);
      expect(correlated).toBeLessThan(0.99);
      expect(correlated).toBeGreaterThan(0.2);
    }
  });

  it('synthesises 10 s quickly', () => {
    soundEffectFor({ prompt: 'waves on a beach', durationS: 10 }, 0);
    const started = performance.now();
    for (const scene of sceneNames) soundEffectFor({ prompt: promptFor[scene], durationS: 10 }, 1);
    // About 40 ms a scene on 2 cores; the bound leaves room for a busy test machine.
    expect((performance.now() - started) / sceneNames.length).toBeLessThan(200);
  });
});

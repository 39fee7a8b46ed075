import { endianness } from 'node:os';
import type { EngineSettings } from '@lumen/contracts/generation';
import { createRng, hashString, mixSeeds } from './prng';
import { createMix, SAMPLE_RATE, type Mix } from './sound-dsp';
import { scenes, type SceneName } from './sound-scenes';

export type { SceneName } from './sound-scenes';

/**
 * Keywords per scene. `words` are whole words, lower case with accents dropped (English, then
 * Spanish); `cjk` is found anywhere in the prompt, as Japanese and Chinese don't put spaces
 * between words.
 */
const sceneKeywords: Record<Exclude<SceneName, 'ambient'>, { words: string; cjk: string }> = {
  rain: {
    words: 'rain rainy raining storm stormy thunder lluvia tormenta',
    cjk: '雨 嵐 雷',
  },
  sea: {
    words: 'sea ocean wave waves beach shore surf coast mar oceano ola olas playa costa',
    cjk: '海 波 浜 ビーチ 沙滩',
  },
  wind: {
    words:
      'wind windy breeze mountain mountains desert dunes snow viento montana montanas desierto nieve',
    cjk: '風 风 山 砂漠 沙漠 雪',
  },
  fire: {
    words:
      'fire fires campfire bonfire fireplace candle candles flames fuego hoguera fogata vela velas',
    cjk: '火 炎 ろうそく 蝋燭 蜡烛',
  },
  city: {
    words:
      'city cities street streets traffic neon market downtown ciudad calle calles trafico mercado',
    cjk: '街 都市 ネオン 市場 城市 交通 霓虹 市场',
  },
  forest: {
    words:
      'forest woods jungle bird birds garden spring meadow bosque selva pajaro pajaros aves jardin primavera',
    cjk: '森 林 鳥 鸟 庭 花园 春',
  },
  water: {
    words:
      'water river stream brook creek pond lake koi fountain agua rio arroyo estanque lago fuente',
    cjk: '水 川 河 池 鯉 鲤 噴水 喷泉 溪 湖',
  },
  night: {
    words: 'night midnight star stars starry moon moonlit moonlight noche estrella estrellas luna',
    cjk: '夜 星 月',
  },
  space: {
    words: 'space galaxy nebula planet cosmos cosmic sci cyberpunk espacio galaxia planeta',
    cjk: '宇宙 銀河 银河 太空 サイバーパンク 赛博朋克',
  },
};

const keywordLists = Object.entries(sceneKeywords).map(([scene, { words, cjk }]) => ({
  scene: scene as SceneName,
  words: new Set(words.split(' ')),
  cjk: cjk.split(' '),
}));

/**
 * The scene that suits a prompt: the one whose keyword comes first in it, so "rain on a
 * neon street" is rain and "a neon street in the rain" is city. No keyword: the ambient pad.
 */
export function pickScene(prompt: string): SceneName {
  const text = prompt.normalize('NFC').toLowerCase();
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    word: m[0].normalize('NFD').replace(/\p{M}/gu, ''),
    at: m.index,
  }));
  let best: { scene: SceneName; at: number } = { scene: 'ambient', at: Infinity };
  for (const { scene, words: latin, cjk } of keywordLists) {
    const atWord = words.find((w) => latin.has(w.word))?.at ?? Infinity;
    const atCjk = Math.min(...cjk.map((k) => text.indexOf(k)).filter((i) => i >= 0));
    const at = Math.min(atWord, atCjk);
    if (at < best.at) best = { scene, at };
  }
  return best.scene;
}

const FADE_S = 0.3;
/** -20 dBFS RMS: clearly there, still background under the picture. */
const TARGET_RMS = 0.1;
/** -3.5 dBFS, headroom for the AAC encoder's overshoot. */
const PEAK_LIMIT = 10 ** (-3.5 / 20);

/** The gain that brings the mix to a common loudness without passing the peak limit. */
function levelGain(mix: Mix): number {
  let peak = 0;
  let sumSquares = 0;
  for (const channel of [mix.left, mix.right]) {
    for (let i = 0; i < mix.frames; i++) {
      const v = channel[i] ?? 0;
      if (v > peak) peak = v;
      else if (-v > peak) peak = -v;
      sumSquares += v * v;
    }
  }
  if (peak === 0) return 0;
  return Math.min(TARGET_RMS / Math.sqrt(sumSquares / (2 * mix.frames)), PEAK_LIMIT / peak);
}

/**
 * The mix, levelled and faded in and out, as a canonical 44-byte-header WAV: PCM 16-bit
 * little-endian, stereo, interleaved.
 */
function encodeWav(mix: Mix): Buffer {
  const { left, right, frames } = mix;
  const wav = Buffer.from(new ArrayBuffer(44 + frames * 4));
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(SAMPLE_RATE, 24);
  wav.writeUInt32LE(SAMPLE_RATE * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(frames * 4, 40);
  const pcm = new Int16Array(wav.buffer, 44, frames * 2);
  // The level leaves headroom, so scaling by 32767 cannot overflow 16 bits.
  const gain = levelGain(mix) * 32767;
  const fade = Math.min(Math.round(FADE_S * SAMPLE_RATE), Math.floor(frames / 2));
  for (let i = 0; i < frames; i++) {
    const edge = i < fade ? i : frames - 1 - i;
    const g = edge < fade ? gain * (0.5 - 0.5 * Math.cos((Math.PI * edge) / fade)) : gain;
    pcm[2 * i] = Math.round((left[i] ?? 0) * g);
    pcm[2 * i + 1] = Math.round((right[i] ?? 0) * g);
  }
  // Int16Array writes in the machine's byte order; WAV is little-endian everywhere.
  if (endianness() === 'BE') wav.subarray(44).swap16();
  return wav;
}

/**
 * A sound effect for a clip: an ambience chosen from the prompt, synthesised as a WAV exactly
 * `durationS` long. A pure function of prompt, seed and duration, so the clip it goes under
 * stays reproducible; another seed gives other noise and other timings.
 */
export function soundEffectFor(
  settings: Pick<EngineSettings, 'prompt' | 'durationS'>,
  seed: number,
): { wav: Buffer; scene: SceneName } {
  const scene = pickScene(settings.prompt);
  const mix = createMix(Math.round(settings.durationS * SAMPLE_RATE));
  scenes[scene](mix, createRng(mixSeeds(seed, hashString(settings.prompt), 0x50f7)));
  return { wav: encodeWav(mix), scene };
}

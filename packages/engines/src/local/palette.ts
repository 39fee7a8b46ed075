import { hslToRgb, mixRgb, type Hsl, type Rgb } from './color';
import { createRng, hashString, mixSeeds, type Rng } from './prng';
import type { ColourRole, Mood, StyleTreatment } from './styles';

export type ScenePalette = {
  skyTop: Rgb;
  skyMid: Rgb;
  horizon: Rgb;
  sun: Rgb;
  glow: Rgb;
  /** Mountain ranges from the farthest to the nearest. */
  land: Rgb[];
  accents: Rgb[];
  cloud: Rgb;
  cloudShade: Rgb;
  ink: Rgb;
  paper: Rgb;
};

export type PromptReading = {
  mood?: Mood;
  hue?: number;
  landHue?: number;
  water: boolean;
  /** One hue per word, so every word of the prompt leaves a trace in the accents. */
  wordHues: number[];
};

type Hint = { mood?: Mood; hue?: number; landHue?: number; water?: boolean };

/** Words that carry a colour or a time of day; anything else is hashed. */
const hints: ReadonlyArray<[RegExp, Hint]> = [
  [/^(sunset|dusk|evening|autumn|fall|golden)$/, { mood: 'sunset', hue: 25, landHue: 20 }],
  [/^(sunrise|dawn|morning|mist|misty|fog)$/, { mood: 'dawn', hue: 300 }],
  [/^(night|moon|moonlight|stars?|galaxy|space|midnight|cosmic)$/, { mood: 'night', hue: 245 }],
  [/^(forest|jungle|trees?|garden|meadow|grass|spring|leaf|leaves)$/, { landHue: 115 }],
  [/^(desert|sand|dunes?|canyon|savanna)$/, { hue: 35, landHue: 32 }],
  [/^(snow|snowy|winter|ice|frozen|glacier|arctic)$/, { hue: 205, landHue: 210 }],
  [/^(ocean|sea|beach|lake|river|water|waves?|harbor|island)$/, { hue: 195, water: true }],
  [/^(fire|lava|volcano|dragon|flames?|hell)$/, { hue: 12, landHue: 8 }],
  [/^(flowers?|roses?|love|hearts?|cherry|sakura|blossom)$/, { hue: 340 }],
  [/^(city|neon|robots?|cyber|future|futuristic|tokyo)$/, { hue: 285 }],
  [/^(red|crimson)$/, { hue: 0 }],
  [/^(orange|amber)$/, { hue: 28 }],
  [/^(yellow|gold|sunny|summer)$/, { hue: 48 }],
  [/^(green|emerald)$/, { hue: 130 }],
  [/^(teal|turquoise|cyan)$/, { hue: 178 }],
  [/^(blue|azure|sapphire)$/, { hue: 215 }],
  [/^(purple|violet|lavender)$/, { hue: 275 }],
  [/^(pink|magenta)$/, { hue: 325 }],
];

export function readPrompt(prompt: string): PromptReading {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const reading: PromptReading = { water: false, wordHues: [] };
  for (const word of words) {
    const hint = hints.find(([re]) => re.test(word))?.[1];
    reading.mood ??= hint?.mood;
    reading.hue ??= hint?.hue;
    reading.landHue ??= hint?.landHue;
    reading.water ||= hint?.water ?? false;
    reading.wordHues.push(hint?.hue ?? hashString(word) % 360);
  }
  return reading;
}

type Sky = { top: Hsl; mid: Hsl; horizon: Hsl; sun: Hsl };
const skies: Record<Mood, Sky> = {
  day: {
    top: [212, 0.6, 0.42],
    mid: [205, 0.6, 0.64],
    horizon: [196, 0.45, 0.86],
    sun: [48, 0.95, 0.9],
  },
  sunset: {
    top: [245, 0.42, 0.24],
    mid: [325, 0.42, 0.5],
    horizon: [28, 0.9, 0.66],
    sun: [40, 1, 0.76],
  },
  night: {
    top: [232, 0.55, 0.09],
    mid: [248, 0.45, 0.2],
    horizon: [268, 0.38, 0.34],
    sun: [50, 0.35, 0.9],
  },
  dawn: {
    top: [222, 0.38, 0.46],
    mid: [280, 0.3, 0.72],
    horizon: [22, 0.78, 0.83],
    sun: [35, 0.9, 0.86],
  },
};
const landLightness: Record<Mood, [far: number, near: number]> = {
  day: [0.66, 0.26],
  sunset: [0.44, 0.13],
  night: [0.26, 0.08],
  dawn: [0.62, 0.24],
};
/** Clouds catch the light of the hour: white at noon, rose at sunset, slate at night. */
const cloudColours: Record<Mood, [lit: Hsl, shade: Hsl]> = {
  day: [
    [210, 0.3, 0.98],
    [212, 0.28, 0.82],
  ],
  sunset: [
    [18, 0.85, 0.8],
    [300, 0.3, 0.52],
  ],
  night: [
    [230, 0.2, 0.42],
    [235, 0.25, 0.26],
  ],
  dawn: [
    [24, 0.8, 0.9],
    [280, 0.22, 0.7],
  ],
};
const naturalLandHues = [100, 115, 130, 85, 40, 28] as const;
const moodOrder: readonly Mood[] = ['day', 'day', 'sunset', 'sunset', 'dawn', 'night'];

const lerpHue = (from: number, to: number, t: number): number => {
  const d = ((((to - from) % 360) + 540) % 360) - 180;
  return from + d * t;
};

export type PaletteChoice = { palette: ScenePalette; mood: Mood; rng: Rng };

/**
 * The palette of a preview: the prompt picks the hue and time of day, the seed jitters them
 * (so two seeds of one prompt are siblings, not twins), the style tones the result.
 */
export function derivePalette(prompt: string, seed: number, style: StyleTreatment): PaletteChoice {
  const reading = readPrompt(prompt);
  const rng = createRng(mixSeeds(hashString(prompt), seed, hashString(style.id)));
  // A prompt that names no hour gets one of its own, the same for every seed: the light is
  // what makes two pictures look unrelated, and a seed should vary the composition.
  const promptMood = moodOrder[hashString(prompt, 11) % moodOrder.length] ?? 'day';
  rng.next();
  const mood = style.mood ?? reading.mood ?? promptMood;
  const promptHue = reading.hue ?? hashString(prompt, 7) % 360;
  const hue = promptHue + rng.range(-35, 35);
  // Unless the prompt names the ground, it is grass or earth: a hashed hue there looks alien.
  const landHue = reading.landHue ?? rng.pick(naturalLandHues) + rng.range(-12, 12);
  const sky = skies[mood];
  const tone = (c: Hsl, role: ColourRole): Rgb => hslToRgb(style.tone(c, role));
  // The prompt's hue pulls the sky at most 60° (times the style's tint): a yellow prompt
  // warms a blue sky, it must not turn it green on the way.
  const tinted = ([h, s, l]: Hsl, k: number): Hsl => {
    const shift = lerpHue(h, hue, 1) - h;
    const limit = 60 * style.tint * k;
    return [h + Math.max(-limit, Math.min(limit, shift)), s, l];
  };

  // Aerial perspective: far ranges take the sky's colour, near ones the land's; against a
  // low sun they read as silhouettes.
  const [farL, nearL] = landLightness[mood];
  const rangeCount = 5;
  const nearest = tone([landHue, 0.42, nearL], 'land');
  const haze = tone([lerpHue(sky.mid[0], sky.horizon[0], 0.5), 0.24, farL], 'land');
  const land = Array.from({ length: rangeCount }, (_, i): Rgb =>
    mixRgb(nearest, haze, (1 - i / (rangeCount - 1)) ** 1.1),
  );
  const accentHues = [hue, ...reading.wordHues.slice(0, 4), hue + 180];
  const accents = accentHues.map((h) => tone([h + rng.range(-10, 10), 0.75, 0.62], 'accent'));

  return {
    mood,
    rng,
    palette: {
      skyTop: tone(tinted(sky.top, 1), 'sky'),
      skyMid: tone(tinted(sky.mid, 0.8), 'sky'),
      horizon: tone(tinted(sky.horizon, 0.5), 'sky'),
      sun: tone(sky.sun, 'sun'),
      glow: tone([sky.sun[0], sky.sun[1], Math.min(0.8, sky.sun[2])], 'sun'),
      land,
      accents,
      cloud: tone(cloudColours[mood][0], 'cloud'),
      cloudShade: tone(cloudColours[mood][1], 'cloud'),
      ink: tone([landHue, 0.35, 0.12], 'ink'),
      paper: tone([42, 0.3, 0.92], 'ink'),
    },
  };
}

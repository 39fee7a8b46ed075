import type { Hsl } from './color';

/** The studio's styles (spec §3 video styles; the image studio offers the same list). */
export const previewStyles = [
  'realistic',
  'anime',
  'cartoon',
  'watercolor',
  'ink_wash',
  'cyberpunk',
  'van_gogh',
  'miyazaki',
  'barbie',
  'vector_art',
  'abstract',
  'original',
] as const;
export type PreviewStyle = (typeof previewStyles)[number];

export type Mood = 'day' | 'sunset' | 'night' | 'dawn';
export type ColourRole = 'sky' | 'sun' | 'land' | 'accent' | 'cloud' | 'ink';
export type Extra =
  'stars' | 'grid' | 'sparkles' | 'swirls' | 'seal' | 'orbs' | 'birds' | 'pines' | 'round-trees';

export type StyleTreatment = {
  id: PreviewStyle;
  /** A style with a signature light (Van Gogh's night, Miyazaki's noon) forces it. */
  mood?: Mood;
  /** How far the prompt's hue pulls the sky away from its natural colour, 0–1. */
  tint: number;
  tone(colour: Hsl, role: ColourRole): Hsl;
  fill: 'gradient' | 'flat';
  ridge: 'smooth' | 'jagged' | 'faceted';
  ridgeOctaves: number;
  /** Height of the mountains relative to the default. */
  relief: number;
  /** Outline width as a fraction of the short side; 0 for none. */
  outline: number;
  clouds: 'none' | 'soft' | 'puffy';
  /** Haze between mountain ranges (aerial perspective), 0–1. */
  mist: number;
  extras: readonly Extra[];
  texture: 'none' | 'grain' | 'paper' | 'canvas' | 'watercolor';
  vignette: number;
};

const same = (c: Hsl): Hsl => c;
const scaleSat =
  (k: number, dl = 0): StyleTreatment['tone'] =>
  ([h, s, l]) => [h, Math.min(1, s * k), Math.min(0.97, l + dl)];

const base: Omit<StyleTreatment, 'id'> = {
  tint: 0.3,
  tone: same,
  fill: 'gradient',
  ridge: 'smooth',
  ridgeOctaves: 4,
  relief: 1,
  outline: 0,
  clouds: 'soft',
  mist: 0.45,
  extras: ['birds', 'pines'],
  texture: 'grain',
  vignette: 0.28,
};

const treatments: Record<PreviewStyle, Omit<StyleTreatment, 'id'>> = {
  realistic: {
    ...base,
    tone: scaleSat(0.85),
    ridge: 'jagged',
    ridgeOctaves: 6,
    relief: 1.3,
    mist: 0.42,
  },
  original: { ...base, tint: 0.55, extras: ['orbs', 'birds', 'pines'] },
  anime: {
    ...base,
    tone: scaleSat(1.25, 0.03),
    fill: 'flat',
    clouds: 'puffy',
    mist: 0.3,
    extras: ['sparkles', 'round-trees'],
    texture: 'none',
    vignette: 0.1,
  },
  cartoon: {
    ...base,
    tone: scaleSat(1.35),
    fill: 'flat',
    ridgeOctaves: 2,
    outline: 0.006,
    clouds: 'puffy',
    mist: 0,
    extras: ['round-trees'],
    texture: 'none',
    vignette: 0,
  },
  watercolor: {
    ...base,
    tone: ([h, s, l]) => [h, s * 0.75, 0.32 + l * 0.62],
    ridgeOctaves: 3,
    mist: 0.35,
    texture: 'watercolor',
    vignette: 0,
  },
  ink_wash: {
    ...base,
    mood: 'day',
    tint: 0,
    tone: ([, s, l], role) =>
      role === 'accent'
        ? [356, 0.72, 0.45]
        : role === 'sun'
          ? [8, 0.55, 0.62]
          : role === 'sky' || role === 'cloud'
            ? [40, 0.16, 0.86 + l * 0.08]
            : [40, s * 0.1, l],
    ridge: 'jagged',
    ridgeOctaves: 5,
    relief: 1.8,
    clouds: 'none',
    mist: 0.85,
    extras: ['seal', 'birds', 'pines'],
    texture: 'paper',
    vignette: 0,
  },
  cyberpunk: {
    ...base,
    mood: 'night',
    tint: 0.2,
    // Neon: every accent becomes hot magenta or electric cyan, the sun a yellow-to-pink disc.
    tone: ([h, s, l], role) =>
      role === 'accent'
        ? [((h % 360) + 360) % 180 < 90 ? 318 : 186, 1, 0.58]
        : role === 'sun'
          ? [44, 1, 0.6]
          : [270 + (h - 270) * 0.3, Math.max(s, 0.5), l * 0.8],
    ridge: 'faceted',
    clouds: 'none',
    mist: 0.2,
    extras: ['grid', 'stars'],
    texture: 'grain',
    vignette: 0.4,
  },
  van_gogh: {
    ...base,
    mood: 'night',
    tint: 0.15,
    // The Starry Night's palette: cobalt skies, yellow lights, green-blue hills.
    tone: ([h, s, l], role) =>
      role === 'sun'
        ? [48, 0.95, 0.68]
        : role === 'land'
          ? [95 + (h % 90), Math.max(s, 0.4), l * 1.2]
          : role === 'accent'
            ? [h, s, l]
            : [218 + (h % 24), Math.max(s, 0.6), Math.max(l, 0.16)],
    ridgeOctaves: 3,
    clouds: 'none',
    mist: 0.15,
    extras: ['swirls', 'stars'],
    texture: 'canvas',
    vignette: 0.3,
  },
  miyazaki: {
    ...base,
    mood: 'day',
    tint: 0.1,
    tone: scaleSat(1.05, 0.04),
    ridgeOctaves: 3,
    clouds: 'puffy',
    mist: 0.4,
    extras: ['birds', 'round-trees'],
    vignette: 0.12,
  },
  barbie: {
    ...base,
    tint: 0.9,
    tone: ([h, s, l], role) =>
      role === 'sun'
        ? [45, 0.9, 0.8]
        : [325 + ((h - 325) % 40) * 0.25, 0.55 + s * 0.35, 0.42 + l * 0.5],
    ridgeOctaves: 2,
    clouds: 'puffy',
    mist: 0.3,
    extras: ['sparkles'],
    texture: 'none',
    vignette: 0.1,
  },
  vector_art: {
    ...base,
    tone: ([h, s, l]) => [Math.round(h / 15) * 15, Math.min(1, s * 1.1), Math.round(l * 10) / 10],
    fill: 'flat',
    ridge: 'faceted',
    clouds: 'none',
    mist: 0,
    extras: ['birds', 'pines'],
    texture: 'none',
    vignette: 0,
  },
  abstract: {
    ...base,
    tint: 1,
    tone: scaleSat(1.2),
    clouds: 'none',
    mist: 0,
    extras: ['orbs'],
    texture: 'grain',
    vignette: 0.2,
  },
};

/** The treatment for a style name; an unknown name falls back to `original`. */
export function getStyleTreatment(style: string): StyleTreatment {
  const id = (previewStyles as readonly string[]).includes(style)
    ? (style as PreviewStyle)
    : 'original';
  return { id, ...treatments[id] };
}

/**
 * The image model changes the rendering the way the real models differ: `anime` draws
 * cel-shaded, `polyart` faceted, `professional` with more depth and detail.
 */
export function applyModel(treatment: StyleTreatment, model: string): StyleTreatment {
  switch (model) {
    case 'anime':
      return {
        ...treatment,
        fill: 'flat',
        texture: treatment.texture === 'grain' ? 'none' : treatment.texture,
        tone: (c, role) => scaleSat(1.15)(treatment.tone(c, role), role),
      };
    case 'polyart':
      return { ...treatment, ridge: 'faceted' };
    case 'professional':
      return { ...treatment, ridgeOctaves: treatment.ridgeOctaves + 1 };
    default:
      return treatment;
  }
}

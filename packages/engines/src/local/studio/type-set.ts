import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The few opentype.js calls the logos make, typed by hand (the package ships no types). */
interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface Glyph {
  advanceWidth?: number;
  getPath(x: number, y: number, size: number): { commands: PathCommand[] };
}
interface Font {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  charToGlyphIndex(char: string): number;
  charToGlyph(char: string): Glyph;
  getKerningValue(left: Glyph, right: Glyph): number;
}
type OpenType = { parse(buffer: ArrayBuffer): Font };

/**
 * The typefaces the logos are set in, all open (SIL OFL) and shipped in npm packages as TTF,
 * so a logo looks the same on every server and needs no font at the viewer: each letter
 * becomes a path. Latin brands use a geometric sans (Montserrat) or a display serif (Playfair
 * Display); Chinese, Japanese and Korean-Han names use Noto Sans SC, whose glyphs any letter
 * the Latin face lacks falls back to.
 */
export const typefaces = {
  sans: '@expo-google-fonts/montserrat/600SemiBold/Montserrat_600SemiBold.ttf',
  sansBold: '@expo-google-fonts/montserrat/800ExtraBold/Montserrat_800ExtraBold.ttf',
  sansLight: '@expo-google-fonts/montserrat/500Medium/Montserrat_500Medium.ttf',
  serif: '@expo-google-fonts/playfair-display/700Bold/PlayfairDisplay_700Bold.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  cjkLight: '@expo-google-fonts/noto-sans-sc/500Medium/NotoSansSC_500Medium.ttf',
} as const;
export type Typeface = keyof typeof typefaces;

/** The typeface's name as a designer would read it, for the output's description. */
export const typefaceNames: Record<Typeface, string> = {
  sans: 'Montserrat SemiBold',
  sansBold: 'Montserrat ExtraBold',
  sansLight: 'Montserrat Medium',
  serif: 'Playfair Display Bold',
  cjk: 'Noto Sans SC Bold',
  cjkLight: 'Noto Sans SC Medium',
};

const loaded = new Map<Typeface, Font>();
const require = createRequire(import.meta.url);
let openType: OpenType | undefined;

/** Parses a face on first use (the CJK face is 10 MB, so only logos that need it read it). */
export function loadTypeface(face: Typeface): Font {
  let font = loaded.get(face);
  if (!font) {
    const bytes = readFileSync(require.resolve(typefaces[face]));
    openType ??= require('opentype.js') as OpenType;
    font = openType.parse(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    loaded.set(face, font);
  }
  return font;
}

/** The CJK face that stands in for a Latin face's missing letters, at a matching weight. */
const fallbackOf = (face: Typeface): Typeface =>
  face === 'sansLight' || face === 'cjkLight' ? 'cjkLight' : 'cjk';

/** A line of text set as one path, its origin on the baseline at its left end. */
export type SetLine = {
  /** SVG path data. */
  d: string;
  width: number;
  /** Height above the baseline of the tallest letter's face (the font's ascender). */
  ascent: number;
  descent: number;
  /** Whether any letter came from the CJK face. */
  usedFallback: boolean;
};

const round = (v: number) => Math.round(v * 100) / 100;

/**
 * A glyph's outline as SVG path data, written from its commands: opentype.js's own writer
 * (2.0) turns some coordinates into NaN when it rounds, which cuts letters short.
 */
function pathData(commands: readonly PathCommand[]): string {
  const n = (v: number | undefined) => String(round(v ?? 0));
  return commands
    .map((c) => {
      if (c.type === 'Z') return 'Z';
      if (c.type === 'Q') return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
      if (c.type === 'C') return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
      return `${c.type}${n(c.x)} ${n(c.y)}`;
    })
    .join('');
}

/**
 * Sets `text` at `size` px with `tracking` extra em between letters, kerned where the font
 * says so. Letters the face lacks (a Chinese brand in Montserrat) are set in the CJK face.
 */
export function setLine(text: string, face: Typeface, size: number, tracking = 0): SetLine {
  const primary = loadTypeface(face);
  let x = 0;
  let usedFallback = false;
  const parts: string[] = [];
  let previous: { font: Font; glyph: Glyph } | undefined;
  const chars = [...text];
  chars.forEach((char, index) => {
    let font = primary;
    if (primary.charToGlyphIndex(char) === 0 && char.trim() !== '') {
      font = loadTypeface(fallbackOf(face));
      usedFallback = true;
    }
    const glyph = font.charToGlyph(char);
    const scale = size / font.unitsPerEm;
    if (previous && previous.font === font) {
      x += font.getKerningValue(previous.glyph, glyph) * scale;
    }
    const d = pathData(glyph.getPath(x, 0, size).commands);
    if (d) parts.push(d);
    x += (glyph.advanceWidth ?? font.unitsPerEm / 2) * scale;
    if (index < chars.length - 1) x += tracking * size;
    previous = { font, glyph };
  });
  const scale = size / primary.unitsPerEm;
  return {
    d: parts.join(''),
    width: round(x),
    ascent: round(primary.ascender * scale * 0.78),
    descent: round(-primary.descender * scale),
    usedFallback,
  };
}

/** Whether a text is mostly CJK, which is set without letter spacing and in the CJK face. */
export function isCjk(text: string): boolean {
  const cjk = [...text].filter((c) =>
    /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/u.test(c),
  );
  return cjk.length > 0 && cjk.length >= [...text.replace(/\s/g, '')].length / 2;
}

/** The brand's initials for a lettermark: two words' first letters, or one CJK character. */
export function initialsOf(brand: string): string {
  const trimmed = brand.trim();
  if (isCjk(trimmed)) return [...trimmed][0] ?? '';
  const words = trimmed.split(/[\s\-_.&]+/).filter(Boolean);
  const letters =
    words.length >= 2
      ? [...(words[0] ?? '')].slice(0, 1).concat([...(words[1] ?? '')].slice(0, 1))
      : [...(words[0] ?? '')].slice(0, 1);
  return letters.join('').toUpperCase();
}

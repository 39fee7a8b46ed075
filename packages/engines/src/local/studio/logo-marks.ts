import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * What a brand's mark can show, by industry: the words that name the industry (in the
 * product's four languages), the Tabler icons (MIT, shipped as SVG in `@tabler/icons`) that
 * picture it, best first, and the colours such brands wear (main, accent). The table itself
 * is data, one row per industry in `logo-industries.json`, read and checked once at load.
 */
const hexColour = z.string().regex(/^#[0-9a-f]{6}$/);
const industrySchema = z.object({
  words: z.array(z.string().min(1)).min(1),
  icons: z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1),
  colours: z.tuple([hexColour, hexColour]),
});
type Industry = z.infer<typeof industrySchema>;

const industries: readonly Industry[] = z
  .array(industrySchema)
  .parse(JSON.parse(readFileSync(new URL('./logo-industries.json', import.meta.url), 'utf8')));

/** What a brand without an industry we recognise wears: calm ink and a warm accent. */
const defaultColours = ['#243b55', '#f4a261'] as const;

export type BrandMark = {
  /** The Tabler icon's name, or none when the brand's initials stand for it. */
  icon?: string;
  /** The icon's SVG elements on its 24-unit grid, drawn with a stroke. */
  body?: string;
  colours: readonly [string, string];
  /** The industry words that chose it, for the output's description. */
  matched?: string;
};

const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The industry the text names first ("dental clinic" is a dentist's, not any clinic's), and
 * the word that named it. Latin words match whole (or as a phrase); CJK ones anywhere.
 */
function findIndustry(text: string): { industry: Industry; word: string } | undefined {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  let best: { industry: Industry; word: string; at: number } | undefined;
  for (const industry of industries) {
    for (const word of industry.words) {
      const w = fold(word);
      const cjk = /[^\p{Script=Latin}\p{N}\s-]/u.test(w);
      const at = cjk ? folded.indexOf(w) : folded.indexOf(` ${w.replace(/-/g, ' ')} `);
      if (at >= 0 && (!best || at < best.at)) best = { industry, word, at };
    }
  }
  return best && { industry: best.industry, word: best.word };
}

const require = createRequire(import.meta.url);
const iconCache = new Map<string, string | undefined>();

/**
 * One Tabler icon's drawing: its SVG elements without the invisible 24×24 frame path each
 * file starts with, or undefined when the set has no icon of that name.
 */
export function readIcon(name: string): string | undefined {
  if (iconCache.has(name)) return iconCache.get(name);
  let body: string | undefined;
  try {
    const file = readFileSync(require.resolve(`@tabler/icons/outline/${name}.svg`), 'utf8');
    body = file
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/, '')
      .trim();
    if (/<script|href=/i.test(body)) body = undefined;
  } catch {
    body = undefined;
  }
  iconCache.set(name, body);
  return body;
}

/**
 * The mark for a brand: the industry named in its industry field (or, failing that, in the
 * prompt, slogan or name) picks the icons; `variant` walks through them, so several layouts
 * of one run show different marks. With no industry found the brand's initials are the mark.
 */
export function chooseMark(
  texts: { industry: string; prompt: string; slogan: string; brand: string },
  variant: number,
): BrandMark {
  const found =
    findIndustry(texts.industry) ??
    findIndustry(texts.prompt) ??
    findIndustry(texts.slogan) ??
    findIndustry(texts.brand);
  if (!found) return { colours: defaultColours };
  const icons = found.industry.icons.filter((name) => readIcon(name) !== undefined);
  const icon = icons[variant % Math.max(1, icons.length)];
  const body = icon ? readIcon(icon) : undefined;
  return {
    ...(icon && body ? { icon, body } : {}),
    colours: found.industry.colours,
    matched: found.word,
  };
}

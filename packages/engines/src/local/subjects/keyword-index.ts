import { drawnSubjectEntries } from './drawn-pictograms';
import keywords from './keywords.json';

/**
 * The keyword index of the drawable subjects: every name and keyword of an emoji in English,
 * Spanish, Chinese and Japanese (Emojibase's CLDR annotations, trimmed by
 * scripts/build-subject-keywords.mjs) mapped to the emoji it names, best candidate first.
 */
export type SubjectLanguage = 'en' | 'es' | 'zh' | 'ja';
export const subjectLanguages: readonly SubjectLanguage[] = ['en', 'es', 'zh', 'ja'];

export type SubjectEntry = {
  /** Emoji hexcode as Emojibase writes it, e.g. `1F98A`. */
  h: string;
  /** Emojibase group: 3 animals & nature, 4 food, 5 places, 6 activities, 7 objects. */
  g: number;
} & Record<SubjectLanguage, string[]>;

export type KeywordHit = { entry: SubjectEntry; lang: SubjectLanguage };

export type KeywordIndex = {
  /** Latin keywords (English, Spanish), lower-case without accents, by their words. */
  latin: Map<string, KeywordHit[]>;
  /** Chinese and Japanese keywords, matched over the prompt without word breaks. */
  cjk: Map<string, KeywordHit[]>;
  /** The longest CJK keyword, in characters: how far a scan has to look ahead. */
  cjkMax: number;
  /** The longest Latin keyword, in words. */
  latinMax: number;
};

const entries: readonly SubjectEntry[] = [...(keywords as SubjectEntry[]), ...drawnSubjectEntries];

/** Lower case without diacritics, so "búho" and "buho" are one key. */
export const foldLatin = (s: string): string =>
  s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Which emoji a keyword means best: its own name before a word of a longer name before a
 * mere keyword, then the group that names things most directly (animals and plants, food,
 * places, objects, activities), then the shorter English name ("cat" before "cat face").
 */
function rank(key: string, hit: KeywordHit, fold: (s: string) => string): number[] {
  const label = fold(hit.entry[hit.lang][0] ?? '');
  const kind = label === key ? 0 : label.split(/\s+/).includes(key) ? 1 : 2;
  const groupOrder = [3, 4, 5, 7, 6].indexOf(hit.entry.g);
  return [kind, groupOrder, (hit.entry.en[0] ?? '').length];
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

function addHit(map: Map<string, KeywordHit[]>, key: string, hit: KeywordHit): void {
  const list = map.get(key);
  if (!list) map.set(key, [hit]);
  else if (!list.some((h) => h.entry === hit.entry)) list.push(hit);
}

function sortHits(map: Map<string, KeywordHit[]>, fold: (s: string) => string): void {
  for (const [key, list] of map) {
    if (list.length < 2) continue;
    const ranked = list.map((hit) => ({ hit, r: rank(key, hit, fold) }));
    ranked.sort((a, b) => compareRanks(a.r, b.r));
    map.set(
      key,
      ranked.map((x) => x.hit),
    );
  }
}

function buildIndex(): KeywordIndex {
  const latin = new Map<string, KeywordHit[]>();
  const cjk = new Map<string, KeywordHit[]>();
  let cjkMax = 1;
  let latinMax = 1;
  for (const entry of entries) {
    for (const lang of subjectLanguages) {
      for (const keyword of entry[lang]) {
        if (lang === 'en' || lang === 'es') {
          const key = foldLatin(keyword)
            .replace(/[^\p{L}\p{N}]+/gu, ' ')
            .trim();
          if (!key) continue;
          addHit(latin, key, { entry, lang });
          latinMax = Math.max(latinMax, key.split(' ').length);
        } else {
          addHit(cjk, keyword, { entry, lang });
          cjkMax = Math.max(cjkMax, keyword.length);
        }
      }
    }
  }
  sortHits(latin, foldLatin);
  sortHits(cjk, (s) => s);
  return { latin, cjk, cjkMax, latinMax: Math.min(latinMax, 4) };
}

let index: KeywordIndex | undefined;

/** Built on first use (a few milliseconds) and kept for the life of the process. */
export function getKeywordIndex(): KeywordIndex {
  index ??= buildIndex();
  return index;
}

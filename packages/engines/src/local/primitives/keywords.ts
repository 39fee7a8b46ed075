/**
 * Names of one thing in four languages. `words` are English and Spanish, matched as whole
 * words with an optional plural ending (s / es) and without accents, so "árboles" and "arbol"
 * both count; `chars` are Chinese and Japanese, matched anywhere in the text, since those
 * languages do not put spaces between words.
 */
export type Names = { words: string[]; chars: string[] };

/** Lower case, with accents dropped from Latin letters only (kana keep their marks). */
function foldLatin(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => (/\p{Script=Latin}/u.test(ch) ? ch.normalize('NFD').replace(/\p{M}/gu, '') : ch))
    .join('');
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A finder for the thing a prompt names first. At the same position the longer name wins, so
 * 車椅子 (wheelchair) is a chair rather than a car. `masked` compounds contain a name but mean
 * something else (画家, a painter, holds 家, a house); they are blanked out before matching.
 */
export function createKeywordFinder<T extends string>(
  vocabulary: Record<T, Names>,
  masked: readonly string[] = [],
): (prompt: string) => T | undefined {
  const rules = (Object.entries(vocabulary) as Array<[T, Names]>).flatMap(
    ([id, { words, chars }]) => [
      ...words.map((w) => ({
        id,
        pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(w)}(?:e?s)?(?![\\p{L}\\p{N}])`, 'u'),
      })),
      ...chars.map((c) => ({ id, pattern: new RegExp(escape(c), 'u') })),
    ],
  );
  return (prompt) => {
    let text = foldLatin(prompt);
    for (const compound of masked) text = text.split(compound).join(' '.repeat(compound.length));
    const found: Array<{ id: T; index: number; length: number }> = [];
    for (const { id, pattern } of rules) {
      const match = pattern.exec(text);
      if (match) found.push({ id, index: match.index, length: match[0].length });
    }
    found.sort((a, b) => a.index - b.index || b.length - a.length);
    let best = found[0];
    // A single character right before another name is what that thing is made of, not a
    // thing of its own: 木椅子 is a wooden chair, not a tree and a chair.
    if (best && best.length === 1 && /[^\p{Script=Latin}]/u.test(text[best.index] ?? '')) {
      const at = best.index + 1;
      best = found.find((f) => f.index === at) ?? best;
    }
    return best?.id;
  };
}

import type { Scene } from '../scene';
import { findSubjects, type Subject } from './find-subjects';

/**
 * What a preview shows, in English words (vivago's sub-result `description`): the subjects it
 * drew joined as a sentence would ("an owl and a book", "two cats and a dog"), else the
 * landscape the scene words asked for ("a snowy forest landscape at dusk"). English for
 * every prompt language: one language is what search, alt text and the API's callers can
 * rely on, and the emoji names are English at their source.
 */
const numberWords = ['', 'a', 'two', 'three', 'four', 'five', 'six'];
const timesOfDay = new Set([
  'dusk',
  'sunset',
  'evening',
  'night',
  'midnight',
  'dawn',
  'sunrise',
  'morning',
]);

function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

function phrase(label: string, count: number): string {
  // Emoji names are sentence-case at most; "T-Rex" and "Tokyo tower" keep their capitals.
  const noun = label.replace(/’/g, "'");
  if (count > 1) return `${numberWords[count] ?? String(count)} ${plural(noun)}`;
  if (/s$/.test(noun) && !/ss$/.test(noun)) return noun;
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** Joins phrases as English lists do: "a", "a and b", "a, b and c". */
function joinPhrases(parts: string[]): string {
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

export function describeSubjects(subjects: readonly Pick<Subject, 'label' | 'count'>[]): string {
  return joinPhrases(subjects.map((s) => phrase(s.label, s.count)));
}

export function describeLandscape(sceneWords: readonly string[]): string | undefined {
  if (sceneWords.length === 0) return undefined;
  const place = sceneWords.filter((w) => !timesOfDay.has(w) && w !== 'landscape');
  const time = sceneWords.find((w) => timesOfDay.has(w));
  return `a ${[...place, 'landscape'].join(' ')}${time ? ` at ${time}` : ''}`;
}

/** The description of a rendered preview scene: what was drawn, counted as drawn. */
export function describePreview(
  prompt: string,
  scene: Pick<Scene, 'subjects'>,
): string | undefined {
  const drawn: { label: string; count: number; id: string; position: number }[] = [];
  for (const { subject } of scene.subjects) {
    const same = drawn.find((d) => d.id === subject.id);
    if (same) same.count++;
    else drawn.push({ ...subject, count: 1 });
  }
  // Placement may mirror the row; the sentence follows the prompt.
  drawn.sort((a, b) => a.position - b.position);
  if (drawn.length > 0) return describeSubjects(drawn);
  return describeLandscape(findSubjects(prompt).sceneWords);
}

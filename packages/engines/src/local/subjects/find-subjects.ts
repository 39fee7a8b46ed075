import noto from '@iconify-json/noto/chars.json';
import {
  foldLatin,
  getKeywordIndex,
  type KeywordHit,
  type KeywordIndex,
  type SubjectLanguage,
} from './keyword-index';
import { findDrawnPictogram } from './drawn-pictograms';
import { findCjkSceneWord, findLatinSceneWord } from './scene-words';

/** Something the prompt names that the preview can draw: one pictogram, `count` times. */
export type Subject = {
  /** Emoji hexcode (Emojibase), e.g. `1F98A` for the fox. */
  id: string;
  /** English name, e.g. "fox", "open book". */
  label: string;
  /** The name in the language the prompt named it in, when that is not English. */
  labelInPromptLanguage?: string;
  count: number;
  /** The icon's name in the shipped Noto Emoji set (@iconify-json/noto). */
  pictogram: string;
  /** Where in the prompt it was named (code units), which orders the subjects. */
  position: number;
  /** The one the prompt is about, drawn largest (see `findSubjects`). */
  main: boolean;
};

export type PromptSubjects = {
  subjects: Subject[];
  /** Scene words found (in English), which the background paints. */
  sceneWords: string[];
  /**
   * Colour words that belong to a subject ("red" in "a red fox"), as written: the fox is red
   * already, so the background should not turn red too.
   */
  subjectColours: string[];
};

export const maxSubjects = 4;
const maxCount = 5;

/** Words that never name a subject: articles, prepositions, colours, common verbs. */
const latinStop = new Set(
  (
    'a an the one some this that these those of in on at to from by with without for into onto ' +
    'under over above below near beside behind between among through and or but while its it is ' +
    'are was be being very small big large little tiny huge cute happy old young beautiful ' +
    'quiet calm peaceful silent lonely alone lovely magical mysterious epic ' +
    'red orange yellow green blue purple pink brown black white gray grey golden silver dark ' +
    'bright light sitting standing lying running flying walking reading looking eating playing ' +
    'sleeping swimming holding wearing style photo picture image painting drawing render ' +
    'realistic cinematic detailed portrait scene view close up table top ' +
    'un una unos unas el la los las de del en con sin por para sobre bajo entre y o al ' +
    'rojo roja negro negra blanco blanca azul verde amarillo amarilla gris grande pequeno ' +
    'pequena sentado sentada leyendo'
  ).split(' '),
);

/** Characters that join CJK words rather than name things (particles, measure words). */
const cjkStop = new Set([
  ...'的一在上下里裡和与與及是有只个個隻条條头頭匹羽台辆輛棵朵位のにでとはがをもへや',
]);

/** Ideographs that may follow a one-character subject: "书上", "猫和狗". */
const cjkJoiners = new Set([...'上下里裡中和与與及在的旁边']);

const colourWords = new Set(
  (
    'red orange yellow green blue purple pink brown black white gray grey golden silver ' +
    'rojo roja negro negra blanco blanca azul verde amarillo amarilla gris rosa morado'
  ).split(' '),
);

const latinNumbers: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  pair: 2,
  couple: 2,
  several: 3,
  many: 4,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  varios: 3,
  varias: 3,
  muchos: 4,
  muchas: 4,
};
const cjkNumbers: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  几: 3,
  幾: 3,
};
const cjkCounters = new Set([...'只个個隻条條头頭匹羽本台辆輛棵朵位つ']);

/** Singular forms to try for an English or Spanish plural ("foxes", "puppies", "flores"). */
function singulars(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves')) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}

/** The Noto icon of an emoji; a drawn subject's pictogram goes by its own id. */
const pictogramOf = (hexcode: string): string | undefined =>
  findDrawnPictogram(hexcode) ? hexcode : (noto as Record<string, string>)[hexcode.toLowerCase()];

type Found = { hit: KeywordHit; key: string; position: number; count: number };

function countBefore(words: string[], i: number): number | undefined {
  const prev = words[i - 1];
  if (prev === undefined) return undefined;
  if (/^\d+$/.test(prev)) return Number(prev);
  if (prev in latinNumbers) return latinNumbers[prev];
  // "a pair of", "a couple of".
  if (prev === 'of' || prev === 'de') return countBefore(words, i - 1);
  return undefined;
}

type Scan = { found: Found[]; scene: string[]; colours: string[] };

function scanLatin(prompt: string, index: KeywordIndex, { found, scene, colours }: Scan): void {
  const tokens = [...prompt.matchAll(/[\p{Script=Latin}\p{N}]+/gu)];
  const words = tokens.map((t) => foldLatin(t[0]));
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(index.latinMax, words.length - i); n > 0 && !matched; n--) {
      const phrase = words.slice(i, i + n);
      const last = phrase[n - 1] ?? '';
      if (n === 1 && (latinStop.has(last) || last in latinNumbers || /^\d+$/.test(last))) break;
      const sceneWord = n === 1 ? findLatinSceneWord(last) : undefined;
      if (sceneWord) {
        scene.push(sceneWord);
        matched = 1;
        break;
      }
      const head = phrase.slice(0, -1).join(' ');
      // The singular first: "cats" is also a keyword of the cat, but it means more than one.
      const forms = [...singulars(last), last];
      for (const form of forms) {
        const key = head ? `${head} ${form}` : form;
        const hit = index.latin.get(key)?.[0];
        if (!hit) continue;
        const plural = form !== last;
        const count = countBefore(words, i) ?? (plural ? 2 : 1);
        found.push({ hit, key, position: tokens[i]?.index ?? 0, count });
        // English puts the colour before the noun, Spanish after it.
        for (const j of [i - 1, i + n]) {
          const token = tokens[j]?.[0];
          if (token && colourWords.has(words[j] ?? '')) colours.push(token);
        }
        matched = n;
        break;
      }
    }
    i += Math.max(1, matched);
  }
}

function countBeforeCjk(text: string, at: number): number | undefined {
  let i = at - 1;
  if (i >= 0 && cjkCounters.has(text[i] ?? '')) i--;
  const ch = text[i] ?? '';
  if (/\d/.test(ch)) return Number(ch);
  return cjkNumbers[ch];
}

function scanCjk(prompt: string, index: KeywordIndex, { found, scene }: Scan): void {
  for (let at = 0; at < prompt.length;) {
    const ch = prompt[at] ?? '';
    if (!/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u.test(ch)) {
      at++;
      continue;
    }
    let best: { key: string; hit: KeywordHit } | undefined;
    for (let n = Math.min(index.cjkMax, prompt.length - at); n > 0 && !best; n--) {
      const key = prompt.slice(at, at + n);
      if (n === 1 && cjkStop.has(key)) break;
      const hit = index.cjk.get(key)?.[0];
      // One character followed by another ideograph is usually part of a longer word the
      // index lacks (灯 in 灯台, lighthouse): only a particle may follow it.
      const next = prompt[at + n] ?? '';
      if (n === 1 && /\p{Script=Han}/u.test(next) && !cjkJoiners.has(next)) continue;
      if (hit) best = { key, hit };
    }
    const sceneWord = findCjkSceneWord(prompt, at);
    if (sceneWord && sceneWord.length >= (best?.key.length ?? 0)) {
      scene.push(sceneWord.word);
      at += sceneWord.length;
    } else if (best) {
      found.push({ ...best, position: at, count: countBeforeCjk(prompt, at) ?? 1 });
      at += best.key.length;
    } else at++;
  }
}

/**
 * The subjects a prompt names, in the order it names them (at most `maxSubjects`), and its
 * scene words. English and Spanish are read word by word (plurals folded, a stop list for
 * articles, colours and verbs); Chinese and Japanese by the longest keyword at each
 * character, since they have no spaces. Deterministic and fast after the first call.
 */
export function findSubjects(prompt: string): PromptSubjects {
  const index = getKeywordIndex();
  const scan: Scan = { found: [], scene: [], colours: [] };
  scanLatin(prompt, index, scan);
  scanCjk(prompt, index, scan);
  const { found } = scan;
  found.sort((a, b) => a.position - b.position);
  const subjects: Subject[] = [];
  for (const f of found) {
    const same = subjects.find((s) => s.id === f.hit.entry.h);
    if (same) continue;
    const pictogram = pictogramOf(f.hit.entry.h);
    if (!pictogram || subjects.length >= maxSubjects) continue;
    const lang: SubjectLanguage = f.hit.lang;
    const local = lang === 'en' ? undefined : f.hit.entry[lang][0];
    subjects.push({
      id: f.hit.entry.h,
      label: f.hit.entry.en[0] ?? pictogram,
      ...(local ? { labelInPromptLanguage: local } : {}),
      count: Math.min(maxCount, Math.max(1, f.count)),
      pictogram,
      position: f.position,
      main: false,
    });
  }
  // English and Spanish name what a picture is about first ("an owl reading a book"); Chinese
  // and Japanese put it last, after what describes it (在书上的猫头鹰, 本を読むフクロウ),
  // unless the two are only listed side by side (猫和狗, 猫と犬).
  const last = subjects.at(-1);
  const before = subjects.at(-2);
  const between = before && last ? prompt.slice(before.position, last.position) : '';
  const headLast =
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(prompt) &&
    !/[和与與跟及同とや、]/u.test(between);
  const main = headLast ? last : subjects[0];
  if (main) main.main = true;
  return { subjects, sceneWords: [...new Set(scan.scene)], subjectColours: scan.colours };
}

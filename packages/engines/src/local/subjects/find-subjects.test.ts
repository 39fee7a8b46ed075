import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeLandscape, describeSubjects } from './describe';
import { findSubjects } from './find-subjects';
import { getKeywordIndex } from './keyword-index';
import { findPictogram } from './pictograms';

const labels = (prompt: string) =>
  findSubjects(prompt).subjects.map((s) => (s.count > 1 ? `${s.count} ${s.label}` : s.label));

describe('subjects named by a prompt', () => {
  it('finds English subjects and leaves the scene words to the background', () => {
    const fox = findSubjects('a red fox sitting in a snowy forest');
    expect(fox.subjects.map((s) => [s.id, s.label, s.count, s.pictogram])).toEqual([
      ['1F98A', 'fox', 1, 'fox'],
    ]);
    expect(fox.sceneWords).toEqual(['snowy', 'forest']);
    expect(fox.subjectColours).toEqual(['red']);
    expect(labels('an owl reading a book')).toEqual(['owl', 'open book']);
    expect(labels('a lighthouse at dusk')).toEqual(['lighthouse']);
    expect(findSubjects('a lighthouse at dusk').sceneWords).toEqual(['dusk']);
  });

  it('reads counts from numerals, number words and plurals', () => {
    expect(labels('two cats and a dog')).toEqual(['2 cat', 'dog']);
    expect(labels('3 foxes')).toEqual(['3 fox']);
    expect(labels('cats in a garden')).toEqual(['2 cat']);
    expect(labels('three red apples on a table')).toEqual(['3 red apple']);
  });

  it('finds Spanish subjects, accents or not, with their Spanish names', () => {
    const cat = findSubjects('un gato negro en la playa');
    expect(cat.subjects.map((s) => [s.label, s.labelInPromptLanguage])).toEqual([['cat', 'gato']]);
    expect(cat.sceneWords).toEqual(['beach']);
    expect(cat.subjectColours).toEqual(['negro']);
    expect(labels('dos perros y un buho')).toEqual(['2 dog', 'owl']);
  });

  it('finds Chinese and Japanese subjects by the longest keyword, with counters', () => {
    const owl = findSubjects('一只在书上的猫头鹰');
    expect(owl.subjects.map((s) => s.label)).toEqual(['books', 'owl']);
    expect(owl.subjects[1]?.labelInPromptLanguage).toBe('猫头鹰');
    expect(labels('两只猫和一只狗')).toEqual(['2 cat', 'dog']);
    expect(labels('本を読むフクロウ')).toEqual(['books', 'owl']);
    // 灯台 is a lighthouse: its 灯 alone must not become a lamp.
    const lighthouse = findSubjects('夕暮れの灯台');
    expect(lighthouse.subjects.map((s) => s.label)).toEqual(['lighthouse']);
    expect(lighthouse.sceneWords).toEqual(['dusk']);
  });

  it('knows which subject the prompt is about: named first in English, last in Chinese', () => {
    const main = (prompt: string) => findSubjects(prompt).subjects.find((s) => s.main)?.label;
    expect(main('an owl reading a book')).toBe('owl');
    expect(main('一只在书上的猫头鹰')).toBe('owl');
    expect(main('本を読むフクロウ')).toBe('owl');
    expect(main('两只猫和一只狗')).toBe('cat');
  });

  it('never draws faces or emotions, and keeps at most four subjects', () => {
    expect(labels('a happy smiling face, laughing and winking')).toEqual([]);
    expect(labels('a cat, a dog, a fox, an owl and a horse')).toEqual(['cat', 'dog', 'fox', 'owl']);
  });

  it('has a pictogram for every subject it can find', () => {
    const subjects = ['a teddy bear', 'a hot dog', 'a dragon over a castle', 'ice cream'].flatMap(
      (p) => findSubjects(p).subjects,
    );
    expect(subjects.map((s) => s.label)).toEqual([
      'teddy bear',
      'hot dog',
      'dragon',
      'castle',
      'ice cream',
    ]);
    for (const s of subjects) expect(findPictogram(s.pictogram)?.body).toMatch(/<path/);
  });

  it('draws the subjects no emoji has (a lighthouse, a windmill) in every language', () => {
    for (const prompt of [
      'a lighthouse at dusk',
      'un faro al atardecer',
      '黄昏时的灯塔',
      '夕暮れの灯台',
    ])
      expect(labels(prompt), prompt).toEqual(['lighthouse']);
    expect(labels('a windmill in a tulip field')).toEqual(['windmill', 'tulip']);
    const [lighthouse] = findSubjects('a lighthouse').subjects;
    expect(findPictogram(lighthouse!.pictogram)?.body).toMatch(/<path/);
  });

  it('uses a keyword index built from the pinned packages', () => {
    const script = fileURLToPath(
      new URL('../../../scripts/build-subject-keywords.mjs', import.meta.url),
    );
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('looks a prompt up in well under a millisecond once the index is built', () => {
    getKeywordIndex();
    const prompts = ['a red fox sitting in a snowy forest', '一只在书上的猫头鹰', 'un gato negro'];
    const start = performance.now();
    for (let i = 0; i < 300; i++) findSubjects(prompts[i % prompts.length] ?? '');
    expect((performance.now() - start) / 300).toBeLessThan(1);
  });
});

describe('descriptions', () => {
  it('joins what was drawn as English does', () => {
    expect(describeSubjects([{ label: 'fox', count: 1 }])).toBe('a fox');
    expect(
      describeSubjects([
        { label: 'owl', count: 1 },
        { label: 'open book', count: 1 },
      ]),
    ).toBe('an owl and an open book');
    expect(
      describeSubjects([
        { label: 'cat', count: 2 },
        { label: 'dog', count: 1 },
        { label: 'fox', count: 3 },
      ]),
    ).toBe('two cats, a dog and three foxes');
    expect(describeSubjects([{ label: 'books', count: 1 }])).toBe('books');
  });

  it('falls back to the landscape the scene words ask for', () => {
    expect(describeLandscape(['snowy', 'forest'])).toBe('a snowy forest landscape');
    expect(describeLandscape(['dusk'])).toBe('a landscape at dusk');
    expect(describeLandscape([])).toBeUndefined();
  });
});

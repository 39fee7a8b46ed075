import { describe, expect, it } from 'vitest';
import { legalBlocks, legalDocs, type LegalDocName } from './legal-docs';
import en from './texts/en.json';
import es from './texts/es.json';
import ja from './texts/ja.json';
import zh from './texts/zh.json';

describe('legalBlocks', () => {
  it('reads paragraphs and lists, and nothing else as markup', () => {
    expect(legalBlocks('One\nline.\n\n- a\n- b - c\n\nEnd -')).toEqual([
      { kind: 'paragraph', text: 'One line.' },
      { kind: 'list', items: ['a', 'b - c'] },
      { kind: 'paragraph', text: 'End -' },
    ]);
  });
});

type Sections = Record<string, { title: string; body: string }>;
const sectionsOf = (locale: typeof en, doc: LegalDocName): Sections => locale[doc].sections;
const shape = (body: string) =>
  legalBlocks(body).map((b) => (b.kind === 'list' ? b.items.length : 'p'));

describe.each([
  ['es', es],
  ['ja', ja],
  ['zh', zh],
])('the %s texts', (_name, locale) => {
  it.each(['terms', 'privacy'] as const)('of %s have every section in the English shape', (doc) => {
    const english = sectionsOf(en, doc);
    const translated = sectionsOf(locale, doc);
    for (const { key } of legalDocs[doc].sections) {
      expect(translated[key]?.title, key).toBeTruthy();
      expect(shape(translated[key]?.body ?? ''), key).toEqual(shape(english[key]?.body ?? ''));
    }
  });
});

it('lists every section the texts have, and only those', () => {
  for (const doc of ['terms', 'privacy'] as const) {
    expect(legalDocs[doc].sections.map((s) => s.key).sort()).toEqual(
      Object.keys(sectionsOf(en, doc)).sort(),
    );
  }
});

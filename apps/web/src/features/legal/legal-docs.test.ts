import { describe, expect, it } from 'vitest';
import en from '../../shared/i18n/locales/en.json';
import es from '../../shared/i18n/locales/es.json';
import ja from '../../shared/i18n/locales/ja.json';
import zh from '../../shared/i18n/locales/zh.json';
import { legalBlocks, legalDocs, type LegalDocName } from './legal-docs';

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
const sectionsOf = (locale: typeof en, doc: LegalDocName): Sections => locale.legal[doc].sections;
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

import { describe, expect, it } from 'vitest';
import { parseLanguage } from './i18n';

describe('parseLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['fr-FR, es;q=0.5', 'es'],
    ['ES_mx', 'es'],
    ['de', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(parseLanguage(header)).toBe(expected);
  });
});

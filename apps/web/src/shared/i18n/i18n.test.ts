import { afterEach, describe, expect, it, vi } from 'vitest';
import ja from './locales/ja.json';
import zh from './locales/zh.json';

/** A fresh i18n module, as on a first visit with this language remembered. */
async function loadWith(remembered?: string) {
  vi.resetModules();
  if (remembered) window.localStorage.setItem('lumen_language', remembered);
  return import('./i18n');
}

afterEach(() => {
  vi.resetModules();
});

describe('language catalogues', () => {
  it('start with English only and download another language when it is chosen', async () => {
    const { i18n, changeLanguage, getCurrentLanguage } = await loadWith();
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    for (const other of ['zh', 'ja', 'es']) {
      expect(i18n.hasResourceBundle(other, 'translation'), other).toBe(false);
    }

    await changeLanguage('zh');
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(false);
    expect(getCurrentLanguage()).toBe('zh');
    expect(i18n.t('landing.startCreating')).toBe(zh.landing.startCreating);
    expect(document.documentElement.lang).toBe('zh');
  });

  it('is ready in the remembered language before the first render', async () => {
    const { i18n, i18nReady, getCurrentLanguage } = await loadWith('ja');
    await i18nReady;
    expect(getCurrentLanguage()).toBe('ja');
    expect(i18n.t('landing.startCreating')).toBe(ja.landing.startCreating);
  });

  it('maps a browser tag such as ja-JP onto the catalogue', async () => {
    const { i18n, i18nReady, getCurrentLanguage } = await loadWith('ja-JP');
    await i18nReady;
    expect(getCurrentLanguage()).toBe('ja');
    expect(i18n.t('landing.startCreating')).toBe(ja.landing.startCreating);
  });

  it('ends on the last language chosen when switches overlap', async () => {
    const { changeLanguage, getCurrentLanguage } = await loadWith();
    await Promise.all([changeLanguage('ja'), changeLanguage('es'), changeLanguage('zh')]);
    expect(getCurrentLanguage()).toBe('zh');
    await Promise.all([changeLanguage('es'), changeLanguage('en')]);
    expect(getCurrentLanguage()).toBe('en');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh i18n and section modules, as on a first visit in English. */
async function fresh() {
  vi.resetModules();
  window.localStorage.removeItem('lumen_language');
  const { i18n, changeLanguage } = await import('./i18n');
  const { defineSectionTexts, loadSectionTexts } = await import('./section-texts');
  const ja = vi.fn(async () => ({ default: { title: 'ガイド' } }));
  const zh = vi.fn(async () => {
    throw new Error('offline');
  });
  const section = defineSectionTexts(
    'guide',
    { title: 'Guide', body: 'Read me' },
    { ja, zh, es: async () => ({ default: { title: 'Guía' } }) },
  );
  return { i18n, changeLanguage, loadSectionTexts, section, ja, zh };
}

afterEach(() => {
  vi.resetModules();
});

describe('section texts', () => {
  it('has English at once, and fetches another language once when asked', async () => {
    const { i18n, loadSectionTexts, section, ja } = await fresh();
    expect(i18n.t('guide.title')).toBe('Guide');
    await Promise.all([loadSectionTexts(section, 'ja'), loadSectionTexts(section, 'ja')]);
    expect(ja).toHaveBeenCalledTimes(1);
    expect(i18n.t('guide.title', { lng: 'ja' })).toBe('ガイド');
    // What the language lacks falls back to English.
    expect(i18n.t('guide.body', { lng: 'ja' })).toBe('Read me');
  });

  it('does not stop the language’s own catalogue from loading afterwards', async () => {
    const { i18n, changeLanguage, loadSectionTexts, section } = await fresh();
    await loadSectionTexts(section, 'ja');
    await changeLanguage('ja');
    expect(i18n.t('common.cancel')).not.toBe('Cancel');
    expect(i18n.t('guide.title')).toBe('ガイド');
  });

  it('lets a failed download be tried again', async () => {
    const { loadSectionTexts, section, zh } = await fresh();
    await expect(loadSectionTexts(section, 'zh')).rejects.toThrow('offline');
    await expect(loadSectionTexts(section, 'zh')).rejects.toThrow('offline');
    expect(zh).toHaveBeenCalledTimes(2);
  });
});

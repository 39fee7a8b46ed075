import { languages } from '@lumen/contracts/i18n';
import { taskTypes } from '@lumen/contracts/task-types';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';
import { taskTypeName } from './task-type-name';

const catalogues = { en, zh, ja, es };

describe('task type names in the web catalogues', () => {
  // Walks the contracts' list, so a task type added there fails here until every language
  // names it.
  describe.each(languages)('%s', (lang) => {
    const names: Record<string, string | undefined> = catalogues[lang].taskTypes;

    it.each(taskTypes)('names %s', (type) => {
      const name = names[type]?.trim() ?? '';
      expect(name, `${lang}: taskTypes.${type}`).not.toBe('');
      expect(name, `${lang}: taskTypes.${type} is its code`).not.toBe(type);
    });

    it('names nothing that is not a task type', () => {
      expect(Object.keys(names).sort()).toEqual([...taskTypes].sort());
    });

    it('gives each task type a different name', () => {
      const all = taskTypes.map((type) => names[type]);
      expect(new Set(all).size).toBe(all.length);
    });

    it('has a name for a task type this build does not know', () => {
      expect(catalogues[lang].taskTypeUnknown.trim()).not.toBe('');
    });
  });
});

describe('taskTypeName', () => {
  async function translator(lang: 'en' | 'es') {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      fallbackLng: 'en',
      showSupportNotice: false,
      resources: { en: { translation: en }, es: { translation: es } },
    });
    return i18n.t;
  }

  it('reads a task type in the current language', async () => {
    expect(taskTypeName(await translator('en'), 'remove_bg')).toBe('Background removal');
    expect(taskTypeName(await translator('es'), 'upscale')).toBe('Mejora de imagen');
  });

  it('never shows the code of a task type it does not know', async () => {
    const t = await translator('es');
    expect(taskTypeName(t, 'paint_by_hand')).toBe('Otra generación');
    expect(taskTypeName(t, 'constructor')).toBe('Otra generación');
  });
});

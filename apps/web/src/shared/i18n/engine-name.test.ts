import { engineNames } from '@lumen/contracts/task-types';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { languages } from '@lumen/contracts/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';
import { engineLabel } from './engine-name';

const catalogues = { en, zh, ja, es };

describe('engine names', () => {
  it.each(languages)('names every engine in %s, never by its code alone', async (lang) => {
    const t = i18next.createInstance();
    await t.init({ lng: lang, resources: { [lang]: { translation: catalogues[lang] } } });
    for (const engine of engineNames) {
      const name = engineLabel(t.t, engine);
      expect(name, `${lang}: ${engine}`).not.toBe('');
      // Product names (ComfyUI, Replicate, fal) are the same in every language.
      if (engine === 'local' || engine === 'openai') expect(name, engine).not.toBe(engine);
    }
  });
});

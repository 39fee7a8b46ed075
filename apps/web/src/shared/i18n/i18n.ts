import { defaultLanguage, languages, parseLanguage, type Language } from '@lumen/contracts/i18n';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';

/** Where the chosen interface language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lumen_language';

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: {
      en: { translation: en },
      zh: { translation: zh },
      ja: { translation: ja },
      es: { translation: es },
    },
    supportedLngs: [...languages],
    // `zh-CN`, `ja-JP` and `es-419` from the browser map onto our four resources.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
    initAsync: false,
    showSupportNotice: false,
  });

function applyDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = parseLanguage(lng);
}

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The interface language as one of our four codes, whatever tag the detector produced. */
export function getCurrentLanguage(): Language {
  return parseLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

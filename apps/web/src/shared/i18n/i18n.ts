import { defaultLanguage, languages, parseLanguage, type Language } from '@lumen/contracts/i18n';
import i18next, { type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/** Where the chosen interface language is remembered between visits. */
export const LANGUAGE_STORAGE_KEY = 'lumen_language';

/**
 * English, the fallback, travels with the app; each other catalogue is a chunk of its own that
 * only a visitor reading that language downloads.
 */
const catalogues: Record<Exclude<Language, 'en'>, () => Promise<{ default: object }>> = {
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
  es: () => import('./locales/es.json'),
};

/**
 * The language chosen before (stored), else the browser's list: what the page's boot script
 * assumes too (packages/contracts page-boot.ts). i18next picks the first of them it supports.
 * Storage can be unavailable (a private window, a blocked site), which counts as no choice.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    try {
      const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
      if (stored) return stored;
    } catch {
      // No storage: the browser's languages decide.
    }
    if (typeof navigator === 'undefined') return undefined;
    return navigator.languages?.length ? [...navigator.languages] : navigator.language;
  },
  cacheUserLanguage(language) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not remembered: the next visit detects it again.
    }
  },
};

export const i18n = i18next.createInstance();

void i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    supportedLngs: [...languages],
    // `zh-CN`, `ja-JP` and `es-419` from the browser map onto our four resources.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: defaultLanguage,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

/**
 * Also tells the server, which answers public pages prerendered in the visitor's language
 * (docs/decisions/0031-prerendered-public-pages.md): a cookie it reads before Accept-Language.
 */
const LANGUAGE_COOKIE = 'lumen_language';
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function applyDocumentLanguage(lng: string): void {
  if (typeof document === 'undefined') return;
  const language = parseLanguage(lng);
  document.documentElement.lang = language;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

applyDocumentLanguage(i18n.language);
i18n.on('languageChanged', applyDocumentLanguage);

/** The interface language as one of our four codes, whatever tag the detector produced. */
export function getCurrentLanguage(): Language {
  return parseLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * Downloads a language's catalogue once; the same promise serves every caller meanwhile. The
 * map, not the presence of a bundle, says what is loaded: a page's own texts (section-texts.ts)
 * may add to a language's bundle before its catalogue has arrived.
 */
const loading = new Map<Language, Promise<void>>();
function loadLanguage(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = catalogues[language]().then(
      (catalogue) => {
        i18n.addResourceBundle(language, 'translation', catalogue.default);
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

let latestRequest: Language | undefined;

/**
 * Switches once the language's catalogue has arrived, so the page goes from one language
 * straight to the other. When several switches overlap, the last one chosen wins.
 */
export async function changeLanguage(language: Language): Promise<void> {
  latestRequest = language;
  await loadLanguage(language);
  if (latestRequest === language) await i18n.changeLanguage(language);
}

/**
 * Resolves when the detected language can be shown: main.tsx renders after it, so a visitor
 * reading Japanese never sees the English fallback first. Resolves in English when the
 * catalogue cannot be downloaded.
 */
export const i18nReady: Promise<void> = (() => {
  const detected = parseLanguage(i18n.language);
  if (detected === 'en') return Promise.resolve();
  return changeLanguage(detected).catch(() => undefined);
})();

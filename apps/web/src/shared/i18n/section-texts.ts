import type { Language } from '@lumen/contracts/i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage, i18n } from './i18n';

type Loader = () => Promise<{ default: object }>;

/**
 * Texts only one page reads (the tutorials, the legal pages), kept out of the catalogues every
 * visit downloads: they live under their own key of the `translation` namespace (so keys and
 * `$t()` nesting read as anywhere else), English travels with the page's code, and another
 * language is fetched when the page is shown in it.
 */
export interface SectionTexts {
  key: string;
  others: Record<Exclude<Language, 'en'>, Loader>;
}

/** Declares a section and adds its English texts at once (the fallback of every language). */
export function defineSectionTexts(
  key: string,
  english: object,
  others: SectionTexts['others'],
): SectionTexts {
  i18n.addResourceBundle('en', 'translation', { [key]: english }, true, true);
  return { key, others };
}

const loading = new Map<string, Promise<void>>();

function isLoaded(section: SectionTexts, language: Language): boolean {
  return language === 'en' || i18n.getResource(language, 'translation', section.key) !== undefined;
}

/** Fetches a section's texts in `language` once; a failed download may be tried again. */
export function loadSectionTexts(section: SectionTexts, language: Language): Promise<void> {
  if (language === 'en' || isLoaded(section, language)) return Promise.resolve();
  const id = `${section.key}:${language}`;
  let pending = loading.get(id);
  if (!pending) {
    pending = section.others[language]().then(
      (texts) => {
        i18n.addResourceBundle(
          language,
          'translation',
          { [section.key]: texts.default },
          true,
          true,
        );
      },
      (error: unknown) => {
        loading.delete(id);
        throw error;
      },
    );
    loading.set(id, pending);
  }
  return pending;
}

/**
 * Whether the section can be shown in the current language; follows language changes. A text
 * that cannot be downloaded shows in English rather than not at all.
 */
export function useSectionTexts(section: SectionTexts): boolean {
  const { i18n: instance } = useTranslation();
  const language = getCurrentLanguage();
  const [loaded, setLoaded] = useState<string | null>(() =>
    isLoaded(section, language) ? language : null,
  );
  useEffect(() => {
    let alive = true;
    const settle = () => {
      if (alive) setLoaded(language);
    };
    loadSectionTexts(section, language).then(settle, settle);
    return () => {
      alive = false;
    };
  }, [section, language, instance]);
  return loaded === language;
}

import { z } from 'zod';

/** Interface languages (spec §1). English is the default and the fallback. */
export const languages = ['en', 'zh', 'ja', 'es'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;
export const defaultLanguage: Language = 'en';

export const languageNames: Record<Language, string> = {
  en: 'English',
  zh: '中文',
  ja: '日本語',
  es: 'Español',
};

/**
 * Reads `X-accept-language` (or `Accept-Language`): takes the first tag whose primary subtag is
 * one of ours, so `ja-JP`, `zh-CN,zh;q=0.9` and `es-419` all resolve.
 */
export function parseLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const primary = part.split(';')[0]?.trim().toLowerCase().split(/[-_]/)[0];
    const found = languages.find((l) => l === primary);
    if (found) return found;
  }
  return defaultLanguage;
}

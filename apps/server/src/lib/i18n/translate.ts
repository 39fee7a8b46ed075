import type { Language } from '@lumen/contracts/i18n';
import { z } from 'zod';
import { en, type MessageKey } from './en';
import { es } from './es';
import { ja } from './ja';
import { zh } from './zh';

const catalogues: Record<Language, Record<MessageKey, string>> = { en, zh, ja, es };

export type MessageParams = Record<string, string | number>;

/** Looks a message up in the caller's language and fills `{name}` placeholders. */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogues[lang][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

const zodLocales = {
  en: z.locales.en,
  zh: z.locales.zhCN,
  ja: z.locales.ja,
  es: z.locales.es,
} as const;

type ZodIssue = z.core.$ZodIssue & { input?: unknown };

/** Says what is wrong with one field, in the caller's language. */
export function describeIssue(lang: Language, issue: ZodIssue): string {
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return translate(lang, 'errors.fieldRequired');
  }
  // The locale's error map reads the same issue fields zod filled in at parse time.
  const localeError = zodLocales[lang]().localeError as (
    iss: z.core.$ZodRawIssue,
  ) => string | { message: string } | undefined;
  const described = localeError(issue as unknown as z.core.$ZodRawIssue);
  if (typeof described === 'string') return described;
  return described?.message ?? issue.message;
}

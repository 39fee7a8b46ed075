import type { Language } from '@lumen/contracts/i18n';
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

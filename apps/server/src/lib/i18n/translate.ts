import type { Language } from '@lumen/contracts/i18n';
import { en, type MessageKey } from './en';
import { es } from './es';
import { ja } from './ja';
import { taskTypeName } from './task-type-names';
import { zh } from './zh';

const catalogues: Record<Language, Record<MessageKey, string>> = { en, zh, ja, es };

export type MessageParams = Record<string, string | number>;

/**
 * Looks a message up in the caller's language and fills `{name}` placeholders. A `{taskType}`
 * placeholder is given the task type's name in that language, so no message shows its code.
 */
export function translate(lang: Language, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogues[lang][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return name === 'taskType' ? taskTypeName(lang, value) : value;
  });
}

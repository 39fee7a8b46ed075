import { defineSectionTexts } from '../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The character workshop's words (`characters.*`), loaded with the page. */
export const charactersTexts = defineSectionTexts('characters', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

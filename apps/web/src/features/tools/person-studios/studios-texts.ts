import { defineSectionTexts } from '../../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The portrait and try-on studios' words (`personStudios.*`), loaded with their pages. */
export const studiosTexts = defineSectionTexts('personStudios', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

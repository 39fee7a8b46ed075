import { defineSectionTexts } from '../../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The logo, tattoo, portrait and try-on studios' words (`studios.*`), loaded with their pages. */
export const studiosTexts = defineSectionTexts('studios', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

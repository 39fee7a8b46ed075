import { defineSectionTexts } from '../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The guides' words (`tutorials.*`), loaded with the page rather than with every visit. */
export const tutorialsTexts = defineSectionTexts('tutorials', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

import { defineSectionTexts } from '../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The Terms of Service and Privacy Policy (`legal.*`), loaded with their pages. */
export const legalTexts = defineSectionTexts('legal', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

import { defineSectionTexts } from '../../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The age question, the guardian status dialog and the guardian's page (`minors.*`). */
export const minorsTexts = defineSectionTexts('minors', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

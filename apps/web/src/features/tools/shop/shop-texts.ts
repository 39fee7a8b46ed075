import { defineSectionTexts } from '../../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The e-commerce studio's words (`shop.*`), loaded with its page. */
export const shopTexts = defineSectionTexts('shop', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

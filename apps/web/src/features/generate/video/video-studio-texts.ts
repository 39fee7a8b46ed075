import { defineSectionTexts } from '../../../shared/i18n/section-texts';
import en from './texts/en.json';

/** The video studio's tool modes' words (`videoStudio.*`), loaded with the studio's code. */
export const videoStudioTexts = defineSectionTexts('videoStudio', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

import { defineSectionTexts } from '../../shared/i18n/section-texts';
import en from './texts/en.json';

/**
 * The video tool screens' words (`videoTools.*`: templates, lip sync, a video's tool actions),
 * loaded with those screens rather than with every visit.
 */
export const videoToolsTexts = defineSectionTexts('videoTools', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

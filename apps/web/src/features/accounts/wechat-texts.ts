import { defineSectionTexts } from '../../shared/i18n/section-texts';
import en from './texts/wechat/en.json';

/** The profile's WeChat card (`wechatBinding.*`), loaded with the profile page. */
export const wechatTexts = defineSectionTexts('wechatBinding', en, {
  es: () => import('./texts/wechat/es.json'),
  ja: () => import('./texts/wechat/ja.json'),
  zh: () => import('./texts/wechat/zh.json'),
});

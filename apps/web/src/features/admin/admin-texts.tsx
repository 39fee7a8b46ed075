import type { ComponentType } from 'react';
import { defineSectionTexts, useSectionTexts } from '../../shared/i18n/section-texts';
import { PageLoader } from '../../shared/ui/page-loader';
import en from './texts/en.json';

/**
 * The admin pages' words (`admin.*`), loaded with those pages rather than with every visit;
 * the page titles and engine names stay in the main catalogues, which other pages read too.
 */
export const adminTexts = defineSectionTexts('admin', en, {
  es: () => import('./texts/es.json'),
  ja: () => import('./texts/ja.json'),
  zh: () => import('./texts/zh.json'),
});

/** An admin page, shown once its texts are there in the current language. */
export function withAdminTexts<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithAdminTexts(props: P) {
    const ready = useSectionTexts(adminTexts);
    return ready ? <Page {...props} /> : <PageLoader />;
  }
  WithAdminTexts.displayName = `WithAdminTexts(${Page.displayName ?? Page.name})`;
  return WithAdminTexts;
}

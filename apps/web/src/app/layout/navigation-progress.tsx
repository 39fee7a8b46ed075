import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/**
 * A thin bar along the top edge while the router loads the next route. Pages are downloaded
 * on their first visit and the current page stays up meanwhile, so on a slow connection the
 * bar tells the visitor that the click was taken. It fades in after a short delay (in CSS),
 * so quick navigations never flash it.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  if (useNavigation().state !== 'loading') return null;
  return <div className={classes.bar} role="progressbar" aria-label={t('common.loading')} />;
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration, useMatches } from 'react-router';
import { AccountsRoot } from '../features/accounts/components/accounts-root';
import { useTrialDialog } from '../features/membership/trial/trial-dialog-store';
import { useHydrated } from '../shared/hooks/use-hydrated';
import { useVersionPoll } from '../shared/hooks/use-version-poll';
import { usePayDialog } from '../shared/session/pay-dialog-store';
import { usePublishDialog } from '../shared/session/publish-dialog-store';
import { useSession } from '../shared/session/session-store';
import { lazyWhenWanted } from '../shared/ui/lazy-when-wanted';
import { NavigationProgress } from './layout/navigation-progress';
import { findHandleValue } from './route-handle';
import { RouteGuard } from './route-guard';
import { useSessionSync } from './use-session-sync';

// Their code and the form components only they use load when they are first opened.
const PayDialog = lazyWhenWanted(
  () => import('../features/membership/pay-dialog/pay-dialog').then((m) => m.PayDialog),
  () => usePayDialog((s) => s.opened),
);
const PublishDialog = lazyWhenWanted(
  () => import('../features/community/components/publish-dialog').then((m) => m.PublishDialog),
  () => usePublishDialog((s) => s.request !== null),
);
const TrialDialog = lazyWhenWanted(
  () => import('../features/membership/trial/trial-dialog').then((m) => m.TrialDialog),
  () => useTrialDialog((s) => s.opened),
);
// Alerts for runs that end elsewhere concern signed-in users only.
const ResultAlerts = lazyWhenWanted(
  () => import('../features/library/result-alerts').then((m) => m.ResultAlerts),
  () => useSession((s) => s.user !== null),
);

// Whether payments are in test mode is asked of the server anyway; the ribbon's code (and the
// payment schemas) load once the page has hydrated rather than travel with the first visit.
const TestPaymentsRibbon = lazyWhenWanted(
  () =>
    import('../features/membership/components/test-payments-ribbon').then(
      (m) => m.TestPaymentsRibbon,
    ),
  useHydrated,
);

/** Wraps every route: guard, scroll reset, navigation progress, accounts (login dialog, survey), pay, trial and publish dialogs, the test-payments ribbon, version poll, cross-tab sync, alerts for runs that end elsewhere. */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = findHandleValue(matches, 'titleKey');
  useVersionPoll();
  useSessionSync();

  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} · Lumen` : `Lumen · ${t('landing.tagline')}`;
  }, [t, titleKey]);

  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      <RouteGuard />
      <AccountsRoot />
      <PayDialog />
      <PublishDialog />
      <TrialDialog />
      <ResultAlerts />
      <TestPaymentsRibbon />
    </>
  );
}

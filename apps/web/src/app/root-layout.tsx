import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRestoration, useMatches } from 'react-router';
import { AccountsRoot } from '../features/accounts/components/accounts-root';
import { PublishDialog } from '../features/community/components/publish-dialog';
import { useResultAlerts } from '../features/library/use-result-alerts';
import { TestPaymentsRibbon } from '../features/membership/components/test-payments-ribbon';
import { PayDialog } from '../features/membership/pay-dialog/pay-dialog';
import { TrialDialog } from '../features/membership/trial/trial-dialog';
import { useVersionPoll } from '../shared/hooks/use-version-poll';
import { NavigationProgress } from './layout/navigation-progress';
import { findHandleValue } from './route-handle';
import { RouteGuard } from './route-guard';
import { useSessionSync } from './use-session-sync';

/** Wraps every route: guard, scroll reset, navigation progress, accounts (login dialog, survey), pay, trial and publish dialogs, the test-payments ribbon, version poll, cross-tab sync, alerts for runs that end elsewhere. */
export function RootLayout() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = findHandleValue(matches, 'titleKey');
  useVersionPoll();
  useSessionSync();
  useResultAlerts();

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
      <TestPaymentsRibbon />
    </>
  );
}

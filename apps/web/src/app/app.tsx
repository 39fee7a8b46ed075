import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { refreshSession } from '../features/accounts/api/refresh-session';
import { captureInviteCode } from '../features/invite/invite-code';
import { openPayDialogForCode } from '../features/membership/pay-dialog/open-pay-dialog-for-code';
import { showGuardianStatus } from '../features/accounts/age-prompt';
import {
  setGuardianRequiredHandler,
  setPayRequiredHandler,
  setSessionRefresher,
} from '../shared/api/session-hooks';
import { Providers } from './providers';
import { routes } from './routes';

// Registered before the first request, so an expired ticket at start-up is refreshed too.
setSessionRefresher(refreshSession);
// Spec §8: answers 2007 and 2020 open the pay dialog, whichever call they came from.
setPayRequiredHandler(openPayDialogForCode);
// Answer 3010 shows a child's account where its guardian's consent stands.
setGuardianRequiredHandler(showGuardianStatus);
// An invite link (`?invite=CODE`) is kept before anything else runs, so sign-up carries it.
captureInviteCode(window.location.search);

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

import { useEffect } from 'react';
import { useSession } from '../../../shared/session/session-store';
import { lazyWhenWanted } from '../../../shared/ui/lazy-when-wanted';
import { restoreSession } from '../session/restore-session';
import { useAgePrompt } from '../age-prompt';
import { useSurveyPrompt } from '../survey-prompt';

let restoreStarted = false;

const LoginDialog = lazyWhenWanted(
  () => import('./login-dialog').then((m) => m.LoginDialog),
  () => useSession((s) => s.loginOpen),
);
const SurveyPopup = lazyWhenWanted(
  () => import('./survey-popup').then((m) => m.SurveyPopup),
  () => useSurveyPrompt((s) => s.due),
);
const AgePopup = lazyWhenWanted(
  () => import('../minors/age-popup').then((m) => m.AgePopup),
  () => useAgePrompt((s) => s.due),
);

/** What the accounts feature keeps on every page: the login dialog, the survey popup, start-up restore. */
export function AccountsRoot() {
  useEffect(() => {
    // Once per page load, also under StrictMode's double effects.
    if (restoreStarted) return;
    restoreStarted = true;
    // An address with a sign-in ticket (rare) loads its code only then; a failed one leaves
    // the session that was there.
    if (/[?&](ticket|lenovo_token)=/.test(window.location.search)) {
      void import('../session/address-sign-in')
        .then((m) => (m.addressSignsIn(window.location.search) ? m.signInFromAddress() : false))
        .then(async (signedIn) => {
          if (!signedIn) await restoreSession();
        })
        .catch(() => restoreSession());
      return;
    }
    void restoreSession();
  }, []);

  return (
    <>
      <LoginDialog />
      <SurveyPopup />
      <AgePopup />
    </>
  );
}

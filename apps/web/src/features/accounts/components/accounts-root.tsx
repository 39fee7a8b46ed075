import { useEffect } from 'react';
import { useSession } from '../../../shared/session/session-store';
import { lazyWhenWanted } from '../../../shared/ui/lazy-when-wanted';
import { restoreSession } from '../session/restore-session';
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

/** What the accounts feature keeps on every page: the login dialog, the survey popup, start-up restore. */
export function AccountsRoot() {
  useEffect(() => {
    // Once per page load, also under StrictMode's double effects.
    if (restoreStarted) return;
    restoreStarted = true;
    void restoreSession();
  }, []);

  return (
    <>
      <LoginDialog />
      <SurveyPopup />
    </>
  );
}

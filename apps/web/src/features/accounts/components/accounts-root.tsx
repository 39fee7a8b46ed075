import { useEffect } from 'react';
import { restoreSession } from '../session/restore-session';
import { LoginDialog } from './login-dialog';
import { SurveyPopup } from './survey-popup';

let restoreStarted = false;

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

import { signInWith } from './sign-in';

/** What an address may carry to sign in: a one-time ticket, or a partner device's token. */
const SIGN_IN_PARAMS = ['ticket', 'lenovo_token', 'app_id'] as const;

/** Whether the address carries something to sign in with (checked before this file loads). */
export function addressSignsIn(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('ticket') || (params.has('lenovo_token') && params.has('app_id'));
}

/**
 * Signs in with what the address carries (spec §1 sign-in by ticket, and the partner-device
 * token of `POST /prod-api/user/oauth/lenovo`), after taking it out of the address bar at
 * once: a ticket left there would be shared with the link, kept in the history, or sent on as
 * a referrer. Answers whether it signed in.
 */
export async function signInFromAddress(): Promise<boolean> {
  const url = new URL(window.location.href);
  const ticket = url.searchParams.get('ticket');
  const token = url.searchParams.get('lenovo_token');
  const appId = url.searchParams.get('app_id');
  for (const name of SIGN_IN_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  try {
    if (ticket) await signInWith({ loginType: 'ticket', ticket });
    else if (token && appId) await signInWith({ loginType: 'lenovo', token, app_id: appId });
    else return false;
    return true;
  } catch {
    return false;
  }
}

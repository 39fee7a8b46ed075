import type { SocialProvider } from './api/login';

export interface OAuthCallbackMessage {
  type: 'oauth-callback';
  provider: string;
  code: string | null;
  state: string | null;
  error: string | null;
}

export function isOAuthCallbackMessage(value: unknown): value is OAuthCallbackMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'oauth-callback';
}

export function callbackUrl(provider: SocialProvider): string {
  return `${window.location.origin}/login-${provider}`;
}

/**
 * Where the pop-up starts: the server redirects to the provider with its configured client id
 * (spec §7 keeps providers configured by URL and client id on the server side).
 */
export function authorizeUrl(provider: SocialProvider, state: string): string {
  const params = new URLSearchParams({ redirect_uri: callbackUrl(provider), state });
  return `/prod-api/user/oauth/authorize/${provider}?${params.toString()}`;
}

/** Spec §2: partner links carry uid and hid, and those visitors are not offered Google. */
export function isGoogleHidden(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('uid') && params.has('hid');
}

export class SocialLoginCancelled extends Error {
  constructor() {
    super('The sign-in window was closed');
    this.name = 'SocialLoginCancelled';
  }
}

/**
 * Opens the provider in a pop-up and resolves with the code its callback page posts back.
 * Only messages from our own origin with the state we generated are accepted.
 */
export function waitForOAuthCode(provider: SocialProvider): Promise<string> {
  const state = crypto.randomUUID();
  const popup = window.open(authorizeUrl(provider, state), 'lumen-oauth', 'width=520,height=700');
  return new Promise((resolve, reject) => {
    if (!popup) {
      reject(new Error('The browser blocked the sign-in window'));
      return;
    }
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthCallbackMessage(event.data)) return;
      if (event.data.provider !== provider || event.data.state !== state) return;
      cleanup();
      if (event.data.code) resolve(event.data.code);
      else reject(new Error(event.data.error ?? 'No code returned'));
    };
    const closedPoll = window.setInterval(() => {
      if (popup.closed) {
        cleanup();
        reject(new SocialLoginCancelled());
      }
    }, 500);
    window.addEventListener('message', onMessage);
  });
}

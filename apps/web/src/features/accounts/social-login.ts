import type { LoginCredentials, SocialProvider } from './api/login';
import type { OAuthProvider } from './api/oauth-providers';

/** What the pop-up's callback page posts to the window that opened it. */
export interface OAuthCallbackMessage {
  type: 'oauth-callback';
  provider: string;
  code: string | null;
  id_token: string | null;
  state: string | null;
  error: string | null;
}

export interface OAuthAnswer {
  code: string | null;
  idToken: string | null;
  /** Google's ID token must carry this nonce; the server checks it. */
  nonce: string;
}

export function isOAuthCallbackMessage(value: unknown): value is OAuthCallbackMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'oauth-callback'
  );
}

/** Reads the provider's answer from the query (code flow) or the fragment (Google's ID token). */
export function readOAuthCallback(
  provider: string,
  location: { search: string; hash: string },
): OAuthCallbackMessage {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const pick = (name: string) => query.get(name) ?? fragment.get(name);
  return {
    type: 'oauth-callback',
    provider,
    code: pick('code'),
    id_token: pick('id_token'),
    state: pick('state'),
    error: pick('error'),
  };
}

export function callbackUrl(provider: SocialProvider): string {
  return `${window.location.origin}/login-${provider}`;
}

/**
 * Where the pop-up starts: the server redirects to the provider with its configured client id
 * (spec §7 keeps providers configured by URL and client id on the server side).
 */
export function authorizeUrl(provider: SocialProvider, state: string, nonce?: string): string {
  const params = new URLSearchParams({ redirect_uri: callbackUrl(provider), state });
  if (nonce) params.set('nonce', nonce);
  return `/prod-api/user/oauth/authorize/${provider}?${params.toString()}`;
}

/** Spec §2: partner links carry uid and hid, and those visitors are not offered Google. */
export function isGoogleHidden(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('uid') && params.has('hid');
}

const CLOSED_GRACE_MS = 1500;

export class SocialLoginCancelled extends Error {
  constructor() {
    super('The sign-in window was closed');
    this.name = 'SocialLoginCancelled';
  }
}

/**
 * Opens the provider in a pop-up and resolves with what its callback page posts back. Only
 * messages from our own origin with the state we generated are accepted. Must be called from
 * the click itself, before any await, or the browser blocks the pop-up.
 */
export function waitForOAuthAnswer(provider: SocialProvider): Promise<OAuthAnswer> {
  const state = crypto.randomUUID();
  const nonce = crypto.randomUUID();
  const popup = window.open(
    authorizeUrl(provider, state, nonce),
    'lumen-oauth',
    'width=520,height=700',
  );
  return new Promise((resolve, reject) => {
    if (!popup) {
      reject(new Error('The browser blocked the sign-in window'));
      return;
    }
    let graceTimer = 0;
    const cleanup = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      window.clearTimeout(graceTimer);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthCallbackMessage(event.data)) return;
      if (event.data.provider !== provider || event.data.state !== state) return;
      cleanup();
      const { code, id_token: idToken, error } = event.data;
      if (code || idToken) resolve({ code, idToken, nonce });
      else reject(new Error(error ?? 'The provider returned nothing'));
    };
    // The callback page posts and closes at once; its message can arrive after the window is
    // seen closed, so a closed pop-up only counts as cancelled once that message had time to land.
    const closedPoll = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedPoll);
      graceTimer = window.setTimeout(() => {
        cleanup();
        reject(new SocialLoginCancelled());
      }, CLOSED_GRACE_MS);
    }, 500);
    window.addEventListener('message', onMessage);
  });
}

/** The login body for what the pop-up brought back (spec §3 login payloads). */
export function credentialsFor(provider: OAuthProvider, answer: OAuthAnswer): LoginCredentials {
  const redirectUri = callbackUrl(provider.provider);
  switch (provider.provider) {
    case 'google':
      return { loginType: 'google', credential: answer.idToken ?? '', nonce: answer.nonce };
    case 'apple':
      return {
        loginType: 'apple',
        code: answer.code ?? '',
        client_id: provider.client_id,
        redirect_uri: redirectUri,
      };
    case 'discord':
    case 'facebook':
      return { loginType: provider.provider, code: answer.code ?? '', redirect_uri: redirectUri };
  }
}

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session-store';
import { createApiMock, loginAnswer, userInfoAnswer } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import type { OAuthProvider } from '../api/oauth-providers';
import { SocialButtons } from './social-buttons';

let api: ReturnType<typeof createApiMock>;
const popup = { closed: false };

const provider = (
  name: OAuthProvider['provider'],
  responseType: 'code' | 'id_token' = 'code',
): OAuthProvider => ({
  provider: name,
  client_id: `${name}-client`,
  authorize_url: `https://${name}.test/auth`,
  scope: 'openid',
  response_type: responseType,
});

/** Plays the callback page: posts what the provider sent back, from the given origin. */
function answerFromPopup(data: Record<string, unknown>, origin = window.location.origin) {
  window.dispatchEvent(
    new MessageEvent('message', { origin, data: { type: 'oauth-callback', error: null, ...data } }),
  );
}

function openedUrl(open: ReturnType<typeof vi.spyOn>): URL {
  return new URL(String(open.mock.calls[0]?.[0]), window.location.origin);
}

beforeEach(() => {
  api = createApiMock();
  vi.stubGlobal('fetch', api.fetchMock);
  api.on('POST', '/prod-api/user/login', { result: loginAnswer() });
  api.on('GET', '/prod-api/user/info', { result: userInfoAnswer() });
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: true });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SocialButtons', () => {
  it('signs in with the code a Discord pop-up brings back, ignoring foreign messages', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    renderWithProviders(<SocialButtons providers={[provider('discord')]} />);

    await user.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    const url = openedUrl(open);
    expect(url.pathname).toBe('/prod-api/user/oauth/authorize/discord');
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login-discord`);
    const state = url.searchParams.get('state');

    answerFromPopup({ provider: 'discord', code: 'forged', state }, 'https://evil.test');
    answerFromPopup({ provider: 'discord', code: 'stale', state: 'another-state' });
    answerFromPopup({ provider: 'discord', code: 'the-code', state });

    await waitFor(() => expect(useSession.getState().user?.username).toBe('ada'));
    const logins = api.requests('POST', '/prod-api/user/login');
    expect(logins).toHaveLength(1);
    expect(logins[0]?.body).toMatchObject({
      loginType: 'discord',
      code: 'the-code',
      redirect_uri: `${window.location.origin}/login-discord`,
    });
  });

  it("sends Google's ID token with the nonce the pop-up was opened with", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    renderWithProviders(<SocialButtons providers={[provider('google', 'id_token')]} />);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const url = openedUrl(open);
    const nonce = url.searchParams.get('nonce');
    expect(nonce).toBeTruthy();
    answerFromPopup({
      provider: 'google',
      code: null,
      id_token: 'id.token.value',
      state: url.searchParams.get('state'),
    });

    await waitFor(() => expect(api.requests('POST', '/prod-api/user/login')).toHaveLength(1));
    expect(api.requests('POST', '/prod-api/user/login')[0]?.body).toMatchObject({
      loginType: 'google',
      credential: 'id.token.value',
      nonce,
    });
  });

  it("names Apple's client id from the provider list", async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as Window);
    renderWithProviders(<SocialButtons providers={[provider('apple')]} />);
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    answerFromPopup({
      provider: 'apple',
      code: 'apple-code',
      state: openedUrl(open).searchParams.get('state'),
    });

    await waitFor(() => expect(api.requests('POST', '/prod-api/user/login')).toHaveLength(1));
    expect(api.requests('POST', '/prod-api/user/login')[0]?.body).toMatchObject({
      loginType: 'apple',
      code: 'apple-code',
      client_id: 'apple-client',
    });
  });
});

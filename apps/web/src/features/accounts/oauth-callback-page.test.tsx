import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { OAuthCallbackPage } from './oauth-callback-page';

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
  window.history.replaceState(null, '', '/');
});

function openedFromPopup() {
  const postMessage = vi.fn();
  Object.defineProperty(window, 'opener', {
    value: { closed: false, postMessage },
    configurable: true,
  });
  const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
  return { postMessage, close };
}

describe('OAuthCallbackPage', () => {
  it('hands the code and state from the query to the opener on our origin only, then closes', () => {
    const { postMessage, close } = openedFromPopup();
    window.history.replaceState(null, '', '/login-discord?code=abc&state=s1');

    renderRoutes(
      [{ path: '/login-discord', element: <OAuthCallbackPage provider="discord" /> }],
      '/login-discord',
    );

    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'oauth-callback',
        provider: 'discord',
        code: 'abc',
        id_token: null,
        state: 's1',
        error: null,
      },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it("reads Google's ID token and state from the fragment", () => {
    const { postMessage } = openedFromPopup();
    window.history.replaceState(null, '', '/login-google#id_token=eyJ.abc.def&state=s2');

    renderRoutes(
      [{ path: '/login-google', element: <OAuthCallbackPage provider="google" /> }],
      '/login-google',
    );

    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'oauth-callback',
        provider: 'google',
        code: null,
        id_token: 'eyJ.abc.def',
        state: 's2',
        error: null,
      },
      window.location.origin,
    );
  });

  it('passes on a refusal from the provider', () => {
    const { postMessage } = openedFromPopup();
    window.history.replaceState(null, '', '/login-facebook?error=access_denied&state=s3');
    renderRoutes(
      [{ path: '/login-facebook', element: <OAuthCallbackPage provider="facebook" /> }],
      '/login-facebook',
    );
    expect(postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ error: 'access_denied', state: 's3' }),
      window.location.origin,
    );
  });

  it('explains itself when opened without a pop-up opener', () => {
    renderRoutes(
      [{ path: '/login-apple', element: <OAuthCallbackPage provider="apple" /> }],
      '/login-apple',
    );
    expect(screen.getByText(/completes sign-in inside a pop-up window/i)).toBeInTheDocument();
  });
});

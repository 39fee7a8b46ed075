import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { OAuthCallbackPage } from './oauth-callback-page';

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('OAuthCallbackPage', () => {
  it('hands code, state and error to the opener on our origin only, then closes', () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { closed: false, postMessage }, configurable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/login-discord?code=abc&state=s1');

    renderRoutes([{ path: '/login-discord', element: <OAuthCallbackPage provider="discord" /> }], '/login-discord');

    expect(postMessage).toHaveBeenCalledWith(
      { type: 'oauth-callback', provider: 'discord', code: 'abc', state: 's1', error: null },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it('explains itself when opened without a pop-up opener', () => {
    renderRoutes([{ path: '/login-apple', element: <OAuthCallbackPage provider="apple" /> }], '/login-apple');
    expect(screen.getByText(/completes sign-in inside a pop-up window/i)).toBeInTheDocument();
  });
});

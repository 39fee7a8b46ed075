import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession, type SessionUser } from '../shared/session/session-store';
import { renderRoutes } from '../test/render';
import { RouteGuard } from './route-guard';
import { routes } from './routes';

const member: SessionUser = {
  userId: '1',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  isAdmin: false,
  menuList: [],
};

function signIn(user: SessionUser): void {
  window.localStorage.setItem('refresh_token', 'r1');
  useSession.setState({ user, hasRefreshCredential: true });
}

beforeEach(() => {
  // The version poll runs under the root layout; without a server it just finds nothing.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
  useSession.setState({ user: null, hasRefreshCredential: false, loginOpen: false });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route guard', () => {
  it('sends a visitor on a login-only route to / with the login dialog open', async () => {
    const { router } = renderRoutes(routes, '/clip');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().loginOpen).toBe(true);
    // The landing page and the login dialog are chunks of their own, loaded on first use.
    const loaded = { timeout: 5000 };
    expect(
      await screen.findByRole('heading', { name: /bring any idea/i }, loaded),
    ).toBeInTheDocument();
    expect(await screen.findByText('Sign in to Lumen', {}, loaded)).toBeInTheDocument();
  });

  it('also sends a user with a profile but no refresh credential away', async () => {
    useSession.setState({ user: member, hasRefreshCredential: false });
    const { router } = renderRoutes(routes, '/clip');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState()).toMatchObject({ user: null, loginOpen: true });
  });

  it('lets a signed-in user in', async () => {
    signIn(member);
    const { router } = renderRoutes(routes, '/clip');

    expect(await screen.findByRole('heading', { name: 'Story video' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/clip');
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('keeps the public routes open to visitors', async () => {
    const { router } = renderRoutes(routes, '/studio');
    expect(await screen.findByRole('heading', { name: 'Studio' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/studio');
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('sends a signed-in non-admin away from /admin without logging out', async () => {
    signIn(member);
    const { router } = renderRoutes(routes, '/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState()).toMatchObject({ user: member, loginOpen: false });
  });

  it('opens /admin for an admin', async () => {
    signIn({ ...member, isAdmin: true, menuList: ['Admin'] });
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  });

  it('treats a route whose handle says url admin as the admin area', async () => {
    signIn(member);
    const { router } = renderRoutes(
      [
        {
          element: <RouteGuard />,
          children: [
            { path: '/', element: <p>home</p>, handle: { public: true } },
            { path: '/console', element: <p>console</p>, handle: { public: true, url: 'admin' } },
          ],
        },
      ],
      '/console',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('console')).not.toBeInTheDocument();
  });

  it('does not open the login dialog for a competition page', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <RouteGuard />,
          children: [
            { path: '/', element: <p>home</p>, handle: { public: true } },
            { path: '/competition/:id', element: <p>competition</p> },
          ],
        },
      ],
      '/competition/spring-2025',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().loginOpen).toBe(false);
  });

  it('shows a translated 404 with a way home for unknown paths', async () => {
    renderRoutes(routes, '/does-not-exist');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

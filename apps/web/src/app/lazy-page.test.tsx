import { act, screen } from '@testing-library/react';
import { Link, Outlet, useMatches, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { NavigationProgress } from './layout/navigation-progress';
import { lazyPage } from './lazy-page';
import { findHandleValue } from './route-handle';

/** Stands in for a layout: it reads the handle and keeps a header around the page. */
function Layout() {
  const titleKey = findHandleValue(useMatches(), 'titleKey');
  return (
    <>
      <header>
        <span>title: {titleKey}</span>
        <Link to="/second">second</Link>
      </header>
      <NavigationProgress />
      <main>
        <Outlet />
      </main>
    </>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function FirstPage() {
  return <h1>First page</h1>;
}

function SecondPage({ label }: { label: string }) {
  return <h1>{label}</h1>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazy route pages', () => {
  it('shows the layout and a loader, with the route handle already read, until the page arrives', async () => {
    const first = deferred<{ FirstPage: typeof FirstPage }>();
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            ...lazyPage(
              () => first.promise,
              (m) => <m.FirstPage />,
            ),
            handle: { titleKey: 'first.title' },
          },
        ],
      },
    ];
    renderRoutes(routes, '/');

    expect(await screen.findByText('title: first.title')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();

    await act(async () => first.resolve({ FirstPage }));
    expect(await screen.findByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading')).not.toBeInTheDocument();
  });

  it('keeps the current page up and shows the progress bar while the next page downloads', async () => {
    const second = deferred<{ SecondPage: typeof SecondPage }>();
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <FirstPage />, handle: { titleKey: 'first.title' } },
          {
            path: '/second',
            ...lazyPage(
              () => second.promise,
              (m) => <m.SecondPage label="Second page" />,
            ),
            handle: { titleKey: 'second.title' },
          },
        ],
      },
    ];
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'First page' })).toBeInTheDocument();

    act(() => screen.getByRole('link', { name: 'second' }).click());
    expect(await screen.findByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');

    await act(async () => second.resolve({ SecondPage }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.getByText('title: second.title')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the route error page with a reload button inside the layout when the chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          {
            path: '/',
            ...lazyPage(
              () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
              () => <FirstPage />,
            ),
            handle: { titleKey: 'first.title' },
          },
        ],
      },
    ];
    renderRoutes(routes, '/');

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('title: first.title')).toBeInTheDocument();
  });
});

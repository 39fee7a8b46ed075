import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { refreshSession } from '../features/accounts/api/refresh-session';
import { setSessionRefresher } from '../shared/api/session-hooks';
import { Providers } from './providers';
import { routes } from './routes';

// Registered before the first request, so an expired ticket at start-up is refreshed too.
setSessionRefresher(refreshSession);

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}

import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(
    <Providers env="test" queryClient={createTestQueryClient()}>
      {ui}
    </Providers>,
  );
}

export function renderRoutes(routes: RouteObject[], initialEntry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const result = render(
    <Providers env="test" queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, ...result };
}

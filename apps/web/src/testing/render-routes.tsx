import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';

export interface RenderRoutesResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

export function renderRoutes(
  routes: RouteObject[],
  initialEntries: string[] = ['/'],
  notify: (message: string) => void = () => {},
): RenderRoutesResult {
  const queryClient = createQueryClient({ retry: false, notify });
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

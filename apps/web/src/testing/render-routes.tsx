import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers.tsx';
import { RouteErrorPage } from '@/app/errors/route-error-page.tsx';
import { appRoutes } from '@/app/routes.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

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

/** The whole application at the given URLs, as a page test meets it. */
export function renderApp(
  initialEntries: string[] = ['/'],
  notify: (message: string) => void = () => {},
): RenderRoutesResult {
  return renderRoutes(appRoutes, initialEntries, notify);
}

/** A feature's routes under the app's error boundary, as the app mounts them. */
export function underErrorBoundary(route: RouteObject): RouteObject {
  return { ...route, ErrorBoundary: RouteErrorPage };
}

import { Navigate } from 'react-router';
import type { ComponentType } from 'react';
import type { GuardedRoute } from '@/lib/page-route.ts';

const page = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: load });

/** /catalog and its tabs, and the config detail with its tab routes (spec 001 §2). */
export const catalogRoute: GuardedRoute = {
  permission: { object: 'database', action: 'read' },
  route: {
    path: 'catalog',
    handle: { crumb: 'Catalog' },
    children: [
      {
        index: true,
        ...page(async () => ({
          Component: (await import('./pages/catalog-page.tsx')).CatalogPage,
        })),
      },
      {
        path: 'changes',
        handle: { crumb: 'Changes' },
        ...page(async () => ({
          Component: (await import('./pages/catalog-changes-page.tsx')).CatalogChangesPage,
        })),
      },
      {
        path: 'insights',
        handle: { crumb: 'Insights' },
        ...page(async () => ({
          Component: (await import('./pages/catalog-insights-page.tsx')).CatalogInsightsPage,
        })),
      },
      {
        path: 'scrapers',
        handle: { crumb: 'Scrapers' },
        children: [
          {
            index: true,
            ...page(async () => ({
              Component: (await import('./pages/catalog-scrapers-page.tsx')).CatalogScrapersPage,
            })),
          },
          {
            path: ':scraperId',
            ...page(async () => ({
              Component: (await import('./pages/catalog-scraper-page.tsx')).CatalogScraperPage,
            })),
          },
        ],
      },
      {
        path: ':id/:tab?',
        ...page(async () => ({
          Component: (await import('./pages/config-detail-page.tsx')).ConfigDetailPage,
        })),
      },
    ],
  },
};

/** /configs is the catalog's old address. */
export const configsRedirectRoute = {
  path: 'configs',
  element: <Navigate to="/catalog" replace />,
};

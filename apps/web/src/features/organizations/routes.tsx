import type { RouteObject } from 'react-router';

/** Landing after an organisation is selected or created (spec 000 §2.1). */
export const orgsSwitchedPath = '/organizations/orgs-switched';

export const organizationRoutes: RouteObject = {
  path: 'organizations/orgs-switched',
  lazy: async () => ({
    Component: (await import('./pages/orgs-switched-page.tsx')).OrgsSwitchedPage,
  }),
};

import type { RouteObject } from 'react-router';

/** `/`: the first run on a new installation, else the topology (full) or health dashboard. */
export const homeRoute: RouteObject = {
  index: true,
  handle: { crumb: 'Home' },
  lazy: async () => {
    const { HomePage } = await import('./pages/home-page.tsx');
    return { Component: HomePage };
  },
};

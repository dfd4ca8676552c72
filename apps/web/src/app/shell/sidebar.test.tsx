import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { disableFlag, sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';
import { appRoutes } from '../routes.tsx';

const server = setupMsw(
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', database: 'ok', version: '1' })),
);

async function renderNav(fixture: SessionFixture) {
  server.use(...sessionHandlers(fixture));
  renderRoutes(appRoutes, ['/status']);
  return screen.findByRole('navigation', { name: 'Main' });
}

function settingsLinks(nav: HTMLElement): string[] {
  const list = nav.querySelector('ul ul');
  if (list === null) return [];
  return within(list instanceof HTMLElement ? list : nav)
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent ?? '');
}

describe('sidebar gating', () => {
  it('shows Settings to an admin, with Users', async () => {
    const nav = await renderNav({ roles: ['admin'] });
    expect(within(nav).getByRole('button', { name: 'Settings' })).toBeInTheDocument();
    expect(settingsLinks(nav)).toContain('Users');
  });

  it('hides Settings from a viewer', async () => {
    const nav = await renderNav({ roles: ['viewer'] });
    expect(within(nav).getByRole('link', { name: 'Health' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('treats a user without roles as a viewer', async () => {
    const nav = await renderNav({ roles: [] });
    expect(within(nav).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('hides settings entries a commander may not read', async () => {
    const nav = await renderNav({ roles: ['commander'] });
    const links = settingsLinks(nav);
    expect(links).toContain('Feature Flags');
    expect(links).not.toContain('Users');
    expect(links).not.toContain('Connections');
  });

  it('hides Health and its settings when the health flag is set', async () => {
    const nav = await renderNav({ roles: ['admin'], flags: [disableFlag('health')] });
    expect(within(nav).queryByRole('link', { name: 'Health' })).not.toBeInTheDocument();
    const links = settingsLinks(nav);
    expect(links).not.toContain('Health Checks');
    expect(links).not.toContain('Jobs History');
    expect(links).toContain('Users');
  });

  it('shows only the health areas in the health edition', async () => {
    const nav = await renderNav({ roles: ['admin'], edition: 'health' });
    const topLinks = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(topLinks).toEqual(['Health']);
    expect(settingsLinks(nav)).toEqual([
      'Connections',
      'Jobs History',
      'Notifications',
      'Feature Flags',
      'Agents',
      'Health Checks',
      'Users',
    ]);
  });

  it('sends home to /health in the health edition once it has checks', async () => {
    server.use(
      ...sessionHandlers({ edition: 'health' }),
      http.get('/api/db/:table', () =>
        HttpResponse.json([{ id: 'x' }], { headers: { 'Content-Range': '0-0/1' } }),
      ),
      http.get('/api/canary/api/summary', () =>
        HttpResponse.json({ runnerName: 'local', checks_summary: [] }),
      ),
    );
    const { router } = renderRoutes(appRoutes);
    expect(await screen.findByRole('heading', { name: 'Health' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/health');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { appRoutes } from '../routes.tsx';
import { sidebarStorageKey } from './sidebar-state.ts';

const server = setupMsw(
  ...sessionHandlers(),
  http.get('/api/health', () =>
    HttpResponse.json({ status: 'ok', database: 'ok', version: '2.3.4' }),
  ),
  // A new installation: every count the home page reads is zero.
  http.get('/api/db/:table', () => HttpResponse.json([], { headers: { 'Content-Range': '*/0' } })),
);

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('application shell', () => {
  it('shows the loading placeholder until the session is known', async () => {
    server.use(http.get('/api/auth/whoami', () => new Promise<never>(() => {})));
    renderRoutes(appRoutes);
    expect(await screen.findByLabelText('Loading Vigil')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the session cannot be loaded', async () => {
    server.use(
      http.get('/api/auth/whoami', () =>
        HttpResponse.json({ message: 'db down' }, { status: 500 }),
      ),
    );
    renderRoutes(appRoutes);
    expect(await screen.findByText('Could not load your session')).toBeInTheDocument();
    expect(screen.getByText('db down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('lists the sidebar entries and the settings submenu', async () => {
    const user = userEvent.setup();
    renderRoutes(appRoutes);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    const settings = within(nav).getByRole('button', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Feature Flags' })).toHaveAttribute(
      'href',
      '/settings/feature-flags',
    );
  });

  it('opens home on the first run of a new installation', async () => {
    const { router } = renderRoutes(appRoutes);
    expect(await screen.findByRole('heading', { name: 'Welcome to Vigil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the system status page at /status', async () => {
    renderRoutes(appRoutes, ['/status']);
    expect(await screen.findByRole('heading', { name: 'System status' })).toBeInTheDocument();
  });

  it('persists the collapsed state across reloads', async () => {
    const user = userEvent.setup();
    const first = renderRoutes(appRoutes);
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem(sidebarStorageKey)).toBe('true');
    expect(within(mainNav()).getByRole('link', { name: 'Health' })).not.toHaveTextContent('Health');
    first.unmount();

    renderRoutes(appRoutes);
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('starts collapsed below 1280 px, opens with the toggle and closes on an outside click', async () => {
    const user = userEvent.setup();
    window.innerWidth = 1024;
    renderRoutes(appRoutes);
    await user.click(await screen.findByRole('button', { name: 'Expand sidebar' }));
    expect(within(mainNav()).getByRole('link', { name: 'Health' })).toHaveTextContent('Health');
    await user.click(await screen.findByRole('heading', { name: 'Welcome to Vigil' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('shows the breadcrumb', async () => {
    renderRoutes(appRoutes, ['/settings/feature-flags']);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Settings')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(crumbs).getByText('Feature Flags')).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('sends routes that do not exist to the not-found page', async () => {
    renderRoutes(appRoutes, ['/no-such-area']);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Not found | Vigil');
  });

  it('shows the unauthorized page', async () => {
    renderRoutes(appRoutes, ['/unauthorized']);
    expect(
      await screen.findByText('You do not have permission to access this page'),
    ).toBeInTheDocument();
  });
});

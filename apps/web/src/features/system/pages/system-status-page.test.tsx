import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { SystemStatusPage } from './system-status-page.tsx';

const server = setupMsw();
const routes = [{ path: '/', Component: SystemStatusPage }];

describe('SystemStatusPage', () => {
  it('shows a skeleton, then the status from /api/health', async () => {
    server.use(
      http.get('/api/health', async () => {
        await delay(20);
        return HttpResponse.json({ status: 'ok', database: 'error', version: '0.1.0' });
      }),
    );
    renderRoutes(routes);

    expect(screen.getByLabelText('Loading system status')).toBeInTheDocument();
    expect(await screen.findByText('0.1.0')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading system status')).not.toBeInTheDocument();
    const api = screen.getByText('API').parentElement;
    const database = screen.getByText('Database').parentElement;
    expect(api && within(api).getByText('Healthy')).toBeInTheDocument();
    expect(database && within(database).getByText('Unhealthy')).toBeInTheDocument();
    expect(document.title).toBe('System status | Vigil');
  });

  it('shows an error state with the message when the API fails', async () => {
    server.use(
      http.get('/api/health', () =>
        HttpResponse.json({ message: 'database unreachable' }, { status: 503 }),
      ),
    );
    renderRoutes(routes);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reach the Vigil API');
    expect(alert).toHaveTextContent('database unreachable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

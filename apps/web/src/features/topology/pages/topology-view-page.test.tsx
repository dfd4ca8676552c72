import { configure, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { cluster, ids, topologyAnswer } from '../model/topology-fixtures.ts';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();

describe('standalone component view', () => {
  it('shows the card alone, without the shell, in the asked size', async () => {
    server.use(
      ...sessionHandlers(),
      http.get('/api/topology', () => HttpResponse.json(topologyAnswer([cluster]))),
    );
    renderApp([`/view/topology/${ids.cluster}?size=medium`]);
    const card = await screen.findByRole('article', { name: 'prod-cluster' });
    expect(card.style.width).toBe('258px');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Actions for prod-cluster' }),
    ).not.toBeInTheDocument();
  });

  it("says 'Component not found' when there is no such component", async () => {
    server.use(
      ...sessionHandlers(),
      http.get('/api/topology', () => HttpResponse.json(topologyAnswer([]))),
    );
    renderApp([`/view/topology/${ids.billing}`]);
    expect(await screen.findByText('Component not found')).toBeInTheDocument();
  });
});

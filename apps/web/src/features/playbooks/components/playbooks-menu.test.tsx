import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { disableFlag, sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';
import {
  deployments,
  ids,
  restartPlaybook,
  scalePlaybook,
  summaryOf,
} from '../pages/playbook-fixtures.ts';
import '../pages/playbook-test-setup.ts';
import { usePropertiesQuery, useSession } from '@/lib/session/session-queries.ts';
import { PlaybooksMenu } from './playbooks-menu.tsx';

/** Shown once the session and flags are known, so that 'hidden' is a decision, not a wait. */
function Ready() {
  const session = useSession();
  const properties = usePropertiesQuery();
  return session.data && properties.data ? <p>ready</p> : null;
}

const server = setupMsw();

function renderMenu(session: SessionFixture = {}) {
  const listQueries: string[] = [];
  const runs: unknown[] = [];
  server.use(
    http.get('/api/playbook/list', ({ request }) => {
      listQueries.push(new URL(request.url).search);
      return HttpResponse.json([restartPlaybook, scalePlaybook].map(summaryOf));
    }),
    http.get('/api/db/config_items', () => HttpResponse.json(deployments)),
    http.get('/api/db/playbooks', () => HttpResponse.json([scalePlaybook])),
    http.post(`/api/playbook/${ids.scale}/params`, () =>
      HttpResponse.json({
        params: [
          { name: 'replicas', label: 'Replicas', type: 'text', required: false, default: 2 },
        ],
      }),
    ),
    http.post('/api/playbook/run', async ({ request }) => {
      runs.push(await request.json());
      return HttpResponse.json({ run_id: ids.run }, { status: 201 });
    }),
    ...sessionHandlers(session),
  );
  const user = userEvent.setup();
  const rendered = renderRoutes(
    [
      {
        path: '/catalog/:id',
        element: (
          <>
            <Ready />
            <PlaybooksMenu target={{ kind: 'config', id: ids.deployment }} />
          </>
        ),
      },
      { path: '/playbooks/runs/:id', element: <p>run page</p> },
    ],
    [`/catalog/${ids.deployment}`],
  );
  return { user, listQueries, runs, ...rendered };
}

describe('PlaybooksMenu', () => {
  it('lists the playbooks for the resource when opened and runs one on it', async () => {
    const { user, listQueries, runs, router } = renderMenu();
    const button = await screen.findByRole('button', { name: 'Playbooks' });
    // Nothing is asked until the menu opens.
    expect(listQueries).toEqual([]);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByRole('button', { name: 'Scale deployment' }));
    expect(listQueries).toEqual([`?config_id=${ids.deployment}`]);
    const dialog = await screen.findByRole('dialog', { name: 'Scale deployment' });
    // Opened on the config: the picker starts there and the parameters come at once.
    expect(await within(dialog).findByLabelText('Replicas')).toHaveValue('2');
    expect(within(dialog).getByLabelText('Catalog Item')).toHaveValue(ids.deployment);
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${ids.run}`));
    expect(runs).toEqual([{ id: ids.scale, config_id: ids.deployment, params: { replicas: '2' } }]);
  });

  it('is hidden without write on playbook_runs', async () => {
    renderMenu({ roles: ['viewer'] });
    await screen.findByText('ready');
    expect(screen.queryByRole('button', { name: 'Playbooks' })).toBeNull();
  });

  it('is hidden when the playbooks area is disabled', async () => {
    renderMenu({ flags: [disableFlag('playbooks')] });
    await screen.findByText('ready');
    expect(screen.queryByRole('button', { name: 'Playbooks' })).toBeNull();
  });

  it('shows for an editor once the session is known', async () => {
    renderMenu({ roles: ['editor'] });
    await screen.findByText('ready');
    expect(screen.getByRole('button', { name: 'Playbooks' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import {
  actions,
  completedRun,
  deployments,
  failedRun,
  ids,
  waitingRun,
} from './playbook-fixtures.ts';
import { recorder, renderPlaybookRoute } from './playbook-test-setup.ts';

const server = setupMsw();

function detail(
  run: unknown,
  runActions: unknown[],
  extra: Parameters<typeof renderPlaybookRoute>[2] = {},
) {
  return {
    ...extra,
    handlers: [
      ...(extra.handlers ?? []),
      http.get('/api/db/playbook_runs', () => HttpResponse.json([run])),
      http.get('/api/db/playbook_run_actions', () => HttpResponse.json(runActions)),
      http.get('/api/db/playbook_approvals', () => HttpResponse.json([])),
    ],
  };
}

describe('/playbooks/runs/{id}', () => {
  it('shows the action timeline and each action output; skipped actions cannot be opened', async () => {
    const { user } = renderPlaybookRoute(
      server,
      `/playbooks/runs/${ids.run}`,
      detail(completedRun, actions),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Restart deployment' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Actions' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('restartCompleted'),
      expect.stringContaining('waitCompleted'),
      expect.stringContaining('notifySkipped'),
    ]);
    expect(steps[0]).toHaveTextContent('3s');
    expect(within(steps[2]!).queryByRole('button')).toBeNull();
    // The last opened action is shown first.
    const wait = await screen.findByRole('article', { name: 'Output of wait' });
    expect(within(wait).getByRole('region', { name: 'Logs' })).toHaveTextContent(
      'rollout complete',
    );
    await user.click(within(steps[0]!).getByRole('button'));
    const restart = await screen.findByRole('article', { name: 'Output of restart' });
    expect(within(restart).getByRole('region', { name: 'stdout' })).toHaveTextContent(
      'deployment.apps/payments-api restarted',
    );
    expect(within(restart).getByRole('region', { name: 'stderr' })).toHaveTextContent(
      'kubectl version skew',
    );
    // Only http(s) values become links.
    expect(
      within(restart).getByRole('link', { name: 'https://grafana.example.com/d/payments' }),
    ).toHaveAttribute('href', 'https://grafana.example.com/d/payments');
    expect(within(restart).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(restart).getByText('javascript:alert(1)')).toBeInTheDocument();
    const artifacts = within(restart).getByRole('region', { name: 'Artifacts' });
    expect(within(artifacts).getByRole('button', { name: 'out/report.json' })).toBeEnabled();
    expect(artifacts).toHaveTextContent('2.0 KB');
    // Artifacts are files, not part of the result table.
    expect(within(restart).getByRole('region', { name: 'Result' })).not.toHaveTextContent(
      'artifacts',
    );
    // Facts of the run.
    expect(screen.getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      `/catalog/${ids.deployment}`,
    );
    expect(screen.getByText('1m 5s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });

  it('opens the Params dialog and re-runs with the same resource and parameters', async () => {
    const run = recorder();
    const { user, router } = renderPlaybookRoute(
      server,
      `/playbooks/runs/${ids.run}`,
      detail(completedRun, actions, {
        handlers: [
          http.get('/api/db/config_items', () => HttpResponse.json(deployments)),
          http.post(`/api/playbook/${ids.restart}/params`, () =>
            HttpResponse.json({
              params: [
                {
                  name: 'name',
                  label: 'Deployment name',
                  type: 'text',
                  required: true,
                  default: 'x',
                },
                {
                  name: 'replicas',
                  label: 'Replicas',
                  type: 'text',
                  required: false,
                  default: '1',
                },
              ],
            }),
          ),
          run.post('/api/playbook/run', () =>
            HttpResponse.json({ run_id: ids.failedRun }, { status: 201 }),
          ),
        ],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Params' }));
    const params = await screen.findByRole('dialog', { name: 'Params' });
    expect(params).toHaveTextContent('namepayments-api');
    expect(params).toHaveTextContent('replicas4');
    await user.click(within(params).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Re-run playbook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart deployment' });
    expect(within(dialog).getByLabelText('Catalog Item')).toHaveValue(ids.deployment);
    // The earlier run's values, not the fresh defaults.
    expect(await within(dialog).findByLabelText('Replicas')).toHaveValue('4');
    await user.clear(within(dialog).getByLabelText('Replicas'));
    await user.type(within(dialog).getByLabelText('Replicas'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/playbooks/runs/${ids.failedRun}`),
    );
    expect(run.bodies[0]).toEqual({
      id: ids.restart,
      config_id: ids.deployment,
      params: { name: 'payments-api', replicas: '6' },
    });
  });

  it('shows the Initialization step of a run that failed before its actions', async () => {
    renderPlaybookRoute(server, `/playbooks/runs/${ids.failedRun}`, detail(failedRun, []));
    const list = await screen.findByRole('list', { name: 'Actions' });
    expect(within(list).getByRole('button', { name: /Initialization/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const output = screen.getByRole('article', { name: 'Output of Initialization' });
    expect(output).toHaveTextContent('map has no entry for key "config"');
  });

  it('approves or rejects a run waiting for approval, and cancels it', async () => {
    const decisions = recorder();
    const handlers = [
      decisions.post('/api/playbook/run/:runId/approve', () =>
        HttpResponse.json({ status: 'pending' }),
      ),
      decisions.post('/api/playbook/run/:runId/reject', () =>
        HttpResponse.json({ status: 'cancelled' }),
      ),
      decisions.post('/api/playbook/run/:runId/cancel', () =>
        HttpResponse.json({ status: 'cancelled' }),
      ),
    ];
    const decided: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') decided.push(new URL(request.url).pathname);
    });
    const { user } = renderPlaybookRoute(
      server,
      `/playbooks/runs/${ids.waitingRun}`,
      detail(waitingRun, [], { handlers }),
    );
    const approval = await screen.findByRole('region', { name: 'Approval' });
    expect(approval).toHaveTextContent('Waiting for approval');
    expect(approval).toHaveTextContent('Any of: bob@example.com, team sre');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Playbook run approved');
    await user.click(within(approval).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Playbook run rejected');
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel playbook run' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop run' }));
    await screen.findByText('Playbook run cancelled');
    expect(decided).toEqual([
      `/api/playbook/run/${ids.waitingRun}/approve`,
      `/api/playbook/run/${ids.waitingRun}/reject`,
      `/api/playbook/run/${ids.waitingRun}/cancel`,
    ]);
    server.events.removeAllListeners();
  });

  it('hides approve, cancel and re-run from a viewer', async () => {
    renderPlaybookRoute(
      server,
      `/playbooks/runs/${ids.waitingRun}`,
      detail(waitingRun, [], { roles: ['viewer'] }),
    );
    const approval = await screen.findByRole('region', { name: 'Approval' });
    expect(within(approval).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Re-run playbook' })).toBeNull();
  });

  it('says when the run does not exist', async () => {
    renderPlaybookRoute(server, `/playbooks/runs/${ids.run}`, {
      handlers: [
        http.get('/api/db/playbook_runs', () => HttpResponse.json([])),
        http.get('/api/db/playbook_run_actions', () => HttpResponse.json([])),
      ],
    });
    expect(await screen.findByText('Playbook run not found')).toBeInTheDocument();
  });
});

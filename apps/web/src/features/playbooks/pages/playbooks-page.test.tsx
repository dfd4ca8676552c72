import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { allPlaybooks, deployments, ids } from './playbook-fixtures.ts';
import { recorder, renderPlaybookRoute } from './playbook-test-setup.ts';

const server = setupMsw();
const recent = [
  ...Array.from({ length: 12 }, (_, index) => ({
    playbook_id: ids.restart,
    created_at: new Date(Date.UTC(2026, 10, 27, 9 - index)).toISOString(),
  })),
  { playbook_id: ids.scale, created_at: '2026-11-20T10:00:00Z' },
];
const list = () => http.get('/api/db/playbooks', () => HttpResponse.json(allPlaybooks));
const stats = () => http.get('/api/db/playbook_runs', () => HttpResponse.json(recent));

describe('/playbooks', () => {
  it('groups the cards by category, Other last, with run counts and History links', async () => {
    renderPlaybookRoute(server, '/playbooks', { handlers: [list(), stats()] });
    const groups = await screen.findAllByRole('heading', { level: 2 });
    expect(groups.map((group) => group.textContent)).toEqual([
      'Database (1)',
      'Kubernetes (2)',
      'Other (1)',
    ]);
    const kubernetes = screen.getByRole('region', { name: 'Kubernetes' });
    const titles = within(kubernetes).getAllByRole('heading', { level: 3 });
    expect(titles.map((title) => title.textContent)).toEqual([
      'Restart deployment',
      'Scale deployment',
    ]);
    expect(kubernetes).toHaveTextContent('12 runs in 30 days');
    expect(kubernetes).toHaveTextContent('1 run in 30 days');
    expect(screen.getByRole('region', { name: 'Database' })).toHaveTextContent('0 runs in 30 days');
    // A playbook without a title shows its name, in the default category.
    expect(screen.getByRole('region', { name: 'Other' })).toHaveTextContent('notify-oncall');
    expect(screen.getByRole('link', { name: 'History of Restart deployment' })).toHaveAttribute(
      'href',
      `/playbooks/runs?playbook=${ids.restart}`,
    );
    expect(screen.getByRole('link', { name: 'Edit Restart deployment' })).toHaveAttribute(
      'href',
      `/settings/playbooks/${ids.restart}`,
    );
    expect(screen.getByRole('link', { name: 'Add Playbook' })).toBeInTheDocument();
  });

  it('hides Run, edit and delete from a viewer', async () => {
    renderPlaybookRoute(server, '/playbooks', { handlers: [list(), stats()], roles: ['viewer'] });
    await screen.findByRole('link', { name: 'History of Restart deployment' });
    expect(screen.queryByRole('button', { name: 'Run Restart deployment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit Restart deployment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Restart deployment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add Playbook' })).toBeNull();
  });

  it('shows the empty state', async () => {
    renderPlaybookRoute(server, '/playbooks', {
      handlers: [http.get('/api/db/playbooks', () => HttpResponse.json([])), stats()],
    });
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('runs a playbook from its card and opens the new run', async () => {
    const run = recorder();
    const params = recorder();
    const resources = recorder();
    const { user, router } = renderPlaybookRoute(server, '/playbooks', {
      handlers: [
        list(),
        stats(),
        resources.get('/api/db/config_items', () => deployments),
        params.post(`/api/playbook/${ids.restart}/params`, () =>
          HttpResponse.json({
            params: [
              {
                name: 'reason',
                label: 'Reason',
                type: 'text',
                required: true,
                default: 'restart payments-api',
              },
            ],
          }),
        ),
        run.post('/api/playbook/run', () =>
          HttpResponse.json(
            { run_id: ids.run, starts_at: '2026-11-27T09:00:00Z' },
            { status: 201 },
          ),
        ),
        http.get('/api/db/playbook_run_actions', () => HttpResponse.json([])),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Run Restart deployment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restart deployment' });
    expect(
      within(dialog).getByText('Please select a resource to see the parameters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled();
    const picker = within(dialog).getByLabelText('Catalog Item');
    await within(dialog).findByRole('option', { name: 'payments-api (Kubernetes::Deployment)' });
    // Narrowed by the spec's selector types.
    expect(resources.queries[0]?.get('type')).toBe('in.("Kubernetes::Deployment")');
    await user.selectOptions(picker, ids.deployment);
    const reason = await within(dialog).findByLabelText('Reason');
    expect(reason).toHaveValue('restart payments-api');
    expect(params.bodies[0]).toEqual({ id: ids.restart, config_id: ids.deployment });
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/playbooks/runs/${ids.run}`));
    expect(run.bodies[0]).toEqual({
      id: ids.restart,
      config_id: ids.deployment,
      params: { reason: 'restart payments-api' },
    });
  });

  it('soft-deletes a playbook after confirmation', async () => {
    const patch = recorder();
    const { user } = renderPlaybookRoute(server, '/playbooks', {
      handlers: [
        list(),
        stats(),
        http.patch('/api/db/playbooks', async ({ request }) => {
          patch.queries.push(new URL(request.url).searchParams);
          patch.bodies.push(await request.json());
          return HttpResponse.json([{ id: ids.vacuum }]);
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Vacuum table' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete playbook' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(patch.queries[0]?.get('id')).toBe(`eq.${ids.vacuum}`));
    expect(patch.bodies[0]).toHaveProperty('deleted_at');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';

const server = setupMsw();
const id = '0190aaaa-0000-7000-8000-000000000001';

const evidence = {
  id: 'e1',
  hypothesis_id: 'h1',
  type: 'check',
  description: 'Checkout probe failing',
  definition_of_done: false,
  done: false,
  script: null,
  created_at: '2026-11-27T10:01:00Z',
  component_id: null,
  check_id: 'c1',
  config_id: null,
  check: { id: 'c1', name: 'checkout' },
};
const detail = {
  id,
  incident_id: 'INC0000001',
  title: 'Checkout is down',
  description: null,
  type: 'availability',
  status: 'open',
  severity: 'high',
  created_at: '2026-11-27T10:00:00Z',
  resolved: null,
  closed: null,
  commander: { id: 'p1', name: 'Ada Admin', avatar: null },
  communicator: null,
  hypotheses: [
    {
      id: 'h1',
      incident_id: id,
      parent_id: null,
      type: 'root',
      title: 'Checkout is down',
      status: 'possible',
      created_at: '2026-11-27T10:00:00Z',
      evidences: [evidence],
    },
  ],
  responders: [],
};

function renderDetail(
  found: unknown[],
  { query = '', comments = [] }: { query?: string; comments?: unknown[] } = {},
) {
  const patches: unknown[] = [];
  server.use(
    ...sessionHandlers({}),
    http.get('/api/db/incidents', () => HttpResponse.json(found)),
    http.get('/api/db/comments', () => HttpResponse.json(comments)),
    http.get('/api/db/people', () => HttpResponse.json([])),
    http.get('/api/db/incident_histories', () =>
      HttpResponse.json([
        {
          id: 'x1',
          type: 'incident.created',
          description: 'Checkout is down',
          created_at: '2026-11-27T10:00:00Z',
          created_by: null,
        },
      ]),
    ),
    http.patch('/api/db/incidents', async ({ request }) => {
      patches.push(await request.json());
      return HttpResponse.json([]);
    }),
    http.patch('/api/db/evidences', async ({ request }) => {
      patches.push(await request.json());
      return HttpResponse.json([]);
    }),
  );
  const user = userEvent.setup();
  renderApp([`/incidents/${id}${query}`]);
  return { user, patches };
}

describe('incident detail page', () => {
  it('says when the incident is missing', async () => {
    renderDetail([]);
    expect(await screen.findByText('Incident not found')).toBeInTheDocument();
  });

  it('asks for contributing factors before mitigated, and refuses none', async () => {
    const { user, patches } = renderDetail([detail]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'mitigated');
    const dialog = await screen.findByRole('dialog', {
      name: 'Add contributing factors to definition of done',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Please select atleast one evidence')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(patches).toEqual([{ definition_of_done: true }, { status: 'mitigated' }]),
    );
  });

  it('skip saves the status without marking evidence, cancel saves nothing', async () => {
    const { user, patches } = renderDetail([detail]);
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'resolved');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(patches).toEqual([]);
    await user.selectOptions(status, 'resolved');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Skip' }),
    );
    await waitFor(() => expect(patches).toEqual([{ status: 'resolved' }]));
  });

  it('closes with the toggle and shows the changelog', async () => {
    const { user, patches } = renderDetail([detail]);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'closed' }]));
    await user.click(screen.getByRole('button', { name: /^Changelog/ }));
    expect(await screen.findByText('Incident created')).toBeInTheDocument();
    // It scrolls when long: the keyboard reaches it.
    expect(screen.getByRole('list', { name: 'Changelog' })).toHaveAttribute('tabindex', '0');
  });

  it('keeps the comment button disabled while empty', async () => {
    renderDetail([detail]);
    expect(await screen.findByRole('button', { name: 'Comment' })).toBeDisabled();
  });

  it('edits a definition-of-done item: the default script of its type, saved as written', async () => {
    const flagged = { ...evidence, definition_of_done: true };
    const { user, patches } = renderDetail([
      { ...detail, hypotheses: [{ ...detail.hypotheses[0], evidences: [flagged] }] },
    ]);
    await user.click(await screen.findByRole('button', { name: /^Definition of done/ }));
    const items = await screen.findByRole('list', { name: 'Definition of done' });
    await user.click(
      within(items).getByRole('button', { name: 'Actions for Checkout probe failing' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Mark as resolved' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit definition of done' });
    const script = within(dialog).getByLabelText('Script (optional, CEL)');
    expect(script).toHaveValue("check.status == 'healthy' && check.age > duration('5m')");
    await user.clear(script);
    await user.type(script, "check.status == 'healthy'");
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { description: 'Checkout probe failing', script: "check.status == 'healthy'" },
      ]),
    );
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('folds each hypothesis’s comments in the action plan under their count', async () => {
    const comments = [
      {
        id: 'm1',
        comment: 'Probe fails since 10:00, @[Ada Admin](user:p1) is on it',
        hypothesis_id: 'h1',
        created_at: '2026-11-27T10:05:00Z',
        created_by: { id: 'p1', name: 'Ada Admin', avatar: null },
        external_created_by: null,
      },
    ];
    const { user } = renderDetail([detail], { query: '?tab=plan', comments });
    const plan = await screen.findByRole('list', { name: 'Action plan' });
    const toggle = await within(plan).findByRole('button', {
      name: '1 comment on Checkout is down',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(plan).queryByText(/Probe fails since 10:00/)).toBeNull();
    await user.click(toggle);
    expect(within(plan).getByText(/Probe fails since 10:00/)).toBeVisible();
  });

  it('opens every comment of the action plan with comments=true', async () => {
    const comments = [
      {
        id: 'm1',
        comment: 'Rolled back the gateway',
        hypothesis_id: 'h1',
        created_at: '2026-11-27T10:05:00Z',
        created_by: null,
        external_created_by: 'OPS-1 reporter',
      },
    ];
    renderDetail([detail], { query: '?tab=plan&comments=true', comments });
    const plan = await screen.findByRole('list', { name: 'Action plan' });
    expect(await within(plan).findByText('Rolled back the gateway')).toBeVisible();
    expect(
      within(plan).getByRole('button', { name: '1 comment on Checkout is down' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });
});

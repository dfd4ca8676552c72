import { screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@uiw/react-codemirror';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { ids } from './playbook-fixtures.ts';
import { recorder, renderPlaybookRoute } from './playbook-test-setup.ts';

const server = setupMsw();

/** A small playbook spec schema, enough for the editor to lint as the server's would. */
const specSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string' },
    category: { type: 'string' },
    icon: { type: 'string' },
    description: { type: 'string' },
    configs: { type: 'array' },
    parameters: { type: 'array' },
    actions: { type: 'array', items: { type: 'object' } },
  },
  required: ['actions'],
};

const row = {
  id: ids.restart,
  name: 'restart-deployment',
  namespace: 'default',
  title: 'Restart deployment',
  icon: 'kubernetes',
  category: 'Kubernetes',
  source: 'UI',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  created_by: { id: '0192f0c4-0000-7000-8000-000000000001', name: 'Ada Admin' },
};

const schemaHandler = http.get('/api/schemas/playbook-spec.schema.json', () =>
  HttpResponse.json(specSchema),
);

async function specEditor(): Promise<EditorView> {
  const content = await screen.findByRole(
    'textbox',
    { name: 'Playbook spec YAML' },
    { timeout: 8000 },
  );
  const view = EditorView.findFromDOM(content);
  if (view === null) throw new Error('no CodeMirror view');
  return view;
}

async function replace(view: EditorView, text: string) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  await waitFor(() => expect(view.state.doc.toString()).toBe(text));
}

describe('/settings/playbooks', () => {
  it('lists the specs newest first with the settings columns, each linking to its editor', async () => {
    const list = recorder();
    renderPlaybookRoute(server, '/settings/playbooks', {
      handlers: [list.get('/api/db/playbooks', () => [row])],
    });
    const table = await screen.findByRole('table', { name: 'Playbooks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Namespace', 'Category', 'Source', 'Created', 'Updated', 'Created By']);
    expect(within(table).getByRole('link', { name: 'restart-deployment' })).toHaveAttribute(
      'href',
      `/settings/playbooks/${ids.restart}`,
    );
    expect(table).toHaveTextContent('Ada Admin');
    const query = list.queries[0]!;
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('limit')).toBe('100');
  });

  it('shows the empty state, and no add button to a viewer', async () => {
    renderPlaybookRoute(server, '/settings/playbooks', {
      roles: ['viewer'],
      handlers: [http.get('/api/db/playbooks', () => HttpResponse.json([]))],
    });
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Playbook' })).toBeNull();
  });

  it('creates a playbook from YAML, refusing an empty name and schema problems', async () => {
    const posts = recorder();
    const { user, router } = renderPlaybookRoute(server, '/settings/playbooks/new', {
      handlers: [
        schemaHandler,
        posts.post('/api/db/playbooks', () =>
          HttpResponse.json([{ id: ids.scale }], { status: 201 }),
        ),
        http.get('/api/db/playbooks', () => HttpResponse.json([])),
      ],
    });
    const view = await specEditor();
    expect(view.state.doc.toString()).toContain('format: dns1123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(posts.bodies).toEqual([]);
    await replace(
      view,
      'title: Scale\nactions:\n  - name: scale\n    exec:\n      script: echo hi\nunknown: 1\n',
    );
    expect(await screen.findByRole('alert', { name: 'YAML problems' })).toHaveTextContent(
      'unknown',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await replace(
      view,
      'title: Scale\nactions:\n  - name: scale\n    exec:\n      script: echo hi\n',
    );
    await user.type(screen.getByLabelText('Name'), 'scale-deployment');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/playbooks'));
    expect(posts.bodies[0]).toEqual({
      name: 'scale-deployment',
      namespace: 'default',
      source: 'UI',
      spec: { title: 'Scale', actions: [{ name: 'scale', exec: { script: 'echo hi' } }] },
    });
    expect(await screen.findByText('Playbook Spec created successfully')).toBeInTheDocument();
  });

  it('updates the spec of a saved playbook; name and namespace stay fixed', async () => {
    const patches: unknown[] = [];
    const { user } = renderPlaybookRoute(server, `/settings/playbooks/${ids.restart}`, {
      handlers: [
        schemaHandler,
        http.get('/api/db/playbooks', ({ request }) =>
          new URL(request.url).searchParams.get('id') === `eq.${ids.restart}`
            ? HttpResponse.json([
                { ...row, spec: { title: 'Restart deployment', actions: [{ name: 'restart' }] } },
              ])
            : HttpResponse.json([row]),
        ),
        http.patch('/api/db/playbooks', async ({ request }) => {
          patches.push(await request.json());
          return HttpResponse.json(
            {
              code: '400',
              message: 'spec.actions: must have at most 50 items',
              details: null,
              hint: null,
            },
            { status: 400 },
          );
        }),
      ],
    });
    const view = await specEditor();
    expect(view.state.doc.toString()).toBe(
      'title: Restart deployment\nactions:\n  - name: restart\n',
    );
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Namespace')).toBeDisabled();
    await replace(view, 'title: Restart now\nactions:\n  - name: restart\n');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Must have at most 50 items')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Unable to update playbook spec: spec.actions: must have at most 50 items',
      ),
    ).toBeInTheDocument();
    expect(patches).toEqual([{ spec: { title: 'Restart now', actions: [{ name: 'restart' }] } }]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@uiw/react-codemirror';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import type { Role } from '@vigil/domain';

// The editor is a lazy chunk: on a busy machine a second is short.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const server = setupMsw();
const id = '0192f0c4-0000-7000-8000-000000000301';
const scraper = {
  id,
  name: 'local-files',
  namespace: 'default',
  source: 'UI',
  created_at: '2026-11-20T10:00:00Z',
  schedule: '@every 1h',
  spec: { schedule: '@every 1h', file: [{ type: 'File', paths: ['/etc/app.json'] }] },
};
/** A small ScrapeConfig schema: spec keys outside it are refused, as the server's are. */
const schema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: { schedule: { type: 'string' }, file: { type: 'array' } },
    },
  },
};
const run = {
  id: '0192f0c4-0000-7000-8000-000000000401',
  name: 'Scraper',
  resource_id: id,
  resource_type: 'config_scraper',
  resource_name: 'local-files',
  status: 'FAILED',
  duration_millis: 1200,
  success_count: 3,
  error_count: 1,
  created_at: '2026-11-27T10:00:00Z',
  details: { errors: ['/etc/app.json: permission denied'] },
};

function render(path: string, roles: Role[], handlers: RequestHandler[] = [], rows = [scraper]) {
  const jobCalls: URLSearchParams[] = [];
  server.use(
    ...handlers,
    ...sessionHandlers({ roles }),
    http.get('/api/schemas/scrape-config.schema.json', () => HttpResponse.json(schema)),
    http.get('/api/db/config_scrapers', ({ request }) => {
      const only = new URL(request.url).searchParams.get('id');
      return HttpResponse.json(
        only === null ? rows : rows.filter((row) => `eq.${row.id}` === only),
      );
    }),
    http.get('/api/db/job_histories', ({ request }) => {
      jobCalls.push(new URL(request.url).searchParams);
      return HttpResponse.json([run], { headers: { 'Content-Range': '0-0/1' } });
    }),
  );
  const user = userEvent.setup();
  return { user, jobCalls, ...renderApp([path]) };
}

async function specView(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Scraper spec' }, { timeout: 8000 });
  const view = EditorView.findFromDOM(content);
  if (view === null) throw new Error('no CodeMirror view');
  return view;
}

async function replaceSpec(text: string): Promise<void> {
  const view = await specView();
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  await waitFor(() => expect(view.state.doc.toString()).toBe(text));
}

const edited = `apiVersion: configs.flanksource.com/v1
kind: ScrapeConfig
metadata:
  name: local-files
spec:
  schedule: "@every 5m"
  file:
    - type: File
      paths: [/etc/app.json]
`;

describe('catalog scraper page', () => {
  it('shows the spec as a ScrapeConfig and saves only the edited spec', async () => {
    let patched: { query: string; body: unknown } | undefined;
    const { user } = render(
      `/catalog/scrapers/${id}`,
      ['editor'],
      [
        http.patch('/api/db/config_scrapers', async ({ request }) => {
          patched = { query: new URL(request.url).search, body: await request.json() };
          return HttpResponse.json([{ id }]);
        }),
      ],
    );
    expect(await screen.findByRole('heading', { name: 'local-files' })).toBeInTheDocument();
    const view = await specView();
    expect(view.state.doc.toString()).toContain('kind: ScrapeConfig');
    expect(view.state.doc.toString()).toContain('- /etc/app.json');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await replaceSpec(edited);
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('local-files updated successfully')).toBeInTheDocument();
    expect(patched?.query).toBe(`?id=eq.${id}&select=id`);
    expect(patched?.body).toEqual({
      spec: { schedule: '@every 5m', file: [{ type: 'File', paths: ['/etc/app.json'] }] },
    });
  });

  it('blocks Save while the YAML is broken or off the schema', async () => {
    render(`/catalog/scrapers/${id}`, ['admin']);
    await specView();
    await replaceSpec('spec: [oops');
    const problems = await screen.findByRole('alert', { name: 'YAML problems' });
    expect(problems).toHaveTextContent('Invalid YAML');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await replaceSpec(`${edited}  nosuch: []\n`);
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'YAML problems' })).toHaveTextContent('nosuch'),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('gives a viewer the spec read only, with no Save or Delete', async () => {
    render(`/catalog/scrapers/${id}`, ['viewer']);
    const view = await specView();
    expect(view.state.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run now' })).not.toBeInTheDocument();
  });

  it('runs the scraper now and says how the run went', async () => {
    const runs: string[] = [];
    const { user } = render(
      `/catalog/scrapers/${id}`,
      ['editor'],
      [
        http.post('/api/catalog/scrapers/:id/run', ({ params }) => {
          runs.push(String(params.id));
          return HttpResponse.json({
            status: 'FAILED',
            job_id: run.id,
            scrape_summary: {},
            errors: ['/etc/app.json: permission denied'],
          });
        }),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText('local-files failed: /etc/app.json: permission denied'),
    ).toBeInTheDocument();
    expect(runs).toEqual([id]);
  });

  it('deletes after the confirmation and returns to the list', async () => {
    let body: unknown;
    const { user, router } = render(
      `/catalog/scrapers/${id}`,
      ['admin'],
      [
        http.patch('/api/db/config_scrapers', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json([{ id }]);
        }),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Catalog Scraper' });
    expect(body).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/catalog/scrapers'));
    expect(body).toEqual({ deleted_at: expect.any(String) });
    expect(await screen.findByText('local-files deleted successfully')).toBeInTheDocument();
  });

  it('says when there is no such scraper', async () => {
    render(`/catalog/scrapers/${id}`, ['admin'], [], []);
    expect(await screen.findByText('No details found')).toBeInTheDocument();
    expect(screen.getByText(`No scraper has the id ${id}.`)).toBeInTheDocument();
  });

  it('lists the scraper runs on Job History and opens a run in the details dialog', async () => {
    const { user, jobCalls } = render(`/catalog/scrapers/${id}?tab=jobs`, ['viewer']);
    const table = await screen.findByRole('table', { name: 'Job history' });
    expect(within(table).getByText('FAILED')).toBeInTheDocument();
    const call = jobCalls[0];
    expect(call?.get('resource_type')).toBe('eq.config_scraper');
    expect(call?.get('resource_id')).toBe(`eq.${id}`);
    expect(call?.get('order')).toBe('created_at.desc');
    expect(call?.get('limit')).toBe('150');
    await user.click(within(table).getByRole('button', { name: 'Scraper details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('/etc/app.json: permission denied')).toBeInTheDocument();
  });

  it('links each scraper on the list to its page', async () => {
    const { user, router } = render('/catalog/scrapers', ['viewer']);
    await user.click(await screen.findByRole('link', { name: 'local-files' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/catalog/scrapers/${id}`));
    expect(await screen.findByRole('tab', { name: 'Spec' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});

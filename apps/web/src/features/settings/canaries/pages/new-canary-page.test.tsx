import { forEachDiagnostic } from '@codemirror/lint';
import { screen, waitFor } from '@testing-library/react';
import type { EditorView } from '@uiw/react-codemirror';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import {
  editorView,
  renderCanaryRoute,
  replaceText,
  replaceYaml,
  waitForYaml,
  yamlText,
  yamlView,
} from './canary-test-setup.ts';

const server = setupMsw();
const header = 'apiVersion: canaries.flanksource.com/v1\nkind: Canary\n';

/** What the editor marks (gutter and underline), with the text each mark covers. */
function diagnosticsIn(view: EditorView): Array<{ text: string; message: string }> {
  const found: Array<{ text: string; message: string }> = [];
  forEachDiagnostic(view.state, (diagnostic, from, to) =>
    found.push({ text: view.state.sliceDoc(from, to), message: diagnostic.message }),
  );
  return found;
}

describe('new canary form', () => {
  it('requires the name, the check name and the URL of an HTTP check', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=http');
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'web');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Check Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('URL *')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when a number field is not a number, or below 0', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=icmp');
    await screen.findByRole('heading', { name: 'Add ICMP Ping Health Check' });
    await user.type(screen.getByLabelText('Packet Count'), 'three');
    await user.type(screen.getByLabelText('Threshold (ms)'), '-5');
    await user.tab();
    expect(await screen.findByText('This field must be a number')).toBeInTheDocument();
    expect(screen.getByText('This field must be 0 or more')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Packet Count'));
    await user.type(screen.getByLabelText('Packet Count'), '4');
    await waitFor(() =>
      expect(screen.queryByText('This field must be a number')).not.toBeInTheDocument(),
    );
  });

  it('writes form edits into the YAML, and YAML edits into the form', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=tcp');
    await screen.findByRole('heading', { name: 'Add TCP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'db');
    await user.type(screen.getByLabelText('Check Name *'), 'port');
    await user.type(screen.getByLabelText('Endpoint *'), 'db.internal:5432');
    await user.type(screen.getByLabelText('Threshold (ms)'), '250');
    await waitForYaml((text) => {
      expect(text).toContain('name: db\n');
      expect(text).toContain('endpoint: db.internal:5432');
      expect(text).toContain('thresholdMillis: 250');
    });

    const edited = (await yamlText()).replace('thresholdMillis: 250', 'thresholdMillis: 900');
    await replaceYaml(edited.replace('endpoint: db.internal:5432', 'endpoint: db.internal:6432'));
    // The form re-renders with the YAML's values once React has caught up.
    await waitFor(() => expect(screen.getByLabelText('Threshold (ms)')).toHaveValue('900'));
    expect(screen.getByLabelText('Endpoint *')).toHaveValue('db.internal:6432');
  });

  it('reports invalid YAML in place and does not let it be saved', async () => {
    const post = vi.fn();
    renderCanaryRoute(server, '/settings/canaries/new?type=prometheus', {
      handlers: [http.post('/api/db/canaries', post)],
    });
    await screen.findByRole('heading', { name: 'Add Prometheus Health Check' });
    await replaceYaml('metadata:\n  name: prom\nspec: [unclosed');
    expect(await screen.findByText(/^Invalid YAML \(line 3\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(post).not.toHaveBeenCalled();
  });

  it('disables Save while the YAML breaks the schema, and saves once it is fixed', async () => {
    let posted: unknown;
    const { user, router } = renderCanaryRoute(server, '/settings/canaries/new?type=prometheus', {
      handlers: [
        http.post('/api/db/canaries', async ({ request }) => {
          posted = await request.json();
          return HttpResponse.json([{ id: 'new' }], { status: 201 });
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Add Prometheus Health Check' });
    const valid = `${header}metadata:\n  name: prom\nspec:\n  prometheus:\n    - name: up\n`;
    await replaceYaml(`${valid}  qurey: up == 1\n`);
    const problems = await screen.findByRole('alert', { name: 'YAML problems' });
    expect(problems).toHaveTextContent('Line 5');
    expect(problems).toHaveTextContent('qurey');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(/qurey/);

    await replaceYaml(valid);
    await waitFor(() => expect(save).toBeEnabled());
    expect(screen.queryByRole('alert', { name: 'YAML problems' })).not.toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
    expect(posted).toMatchObject({ name: 'prom', spec: { prometheus: [{ name: 'up' }] } });
  });

  it('from the Form view, a schema problem is shown at Save and nothing is sent', async () => {
    const post = vi.fn();
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=http', {
      handlers: [http.post('/api/db/canaries', post)],
    });
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.click(screen.getByRole('tab', { name: 'YAML' }));
    await replaceYaml(
      `${header}metadata:\n  name: web\nspec:\n  shedule: "@hourly"\n  http:\n` +
        '    - name: home\n      url: https://example.com\n',
    );
    expect(await screen.findByRole('alert', { name: 'YAML problems' })).toHaveTextContent(
      'shedule',
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // The form has no problem of its own: Save checks it, then names the YAML's.
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByLabelText('URL *')).toHaveValue('https://example.com');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(
      await screen.findByText(
        'The YAML does not match the Canary schema; fix the problems under the editor before saving.',
      ),
    ).toBeVisible();
    // The view stays where the author is: the alert beside Save says what to fix.
    expect(screen.getByRole('tab', { name: 'Form' })).toHaveAttribute('aria-selected', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('flags "@every banana" in the editor, before any Save', async () => {
    const post = vi.fn();
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=http', {
      handlers: [http.post('/api/db/canaries', post)],
    });
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.click(screen.getByRole('tab', { name: 'YAML' }));
    await replaceYaml(
      `${header}metadata:\n  name: web\nspec:\n  schedule: "@every banana"\n  http:\n` +
        '    - name: home\n      url: https://example.com\n',
    );
    const problems = await screen.findByRole('alert', { name: 'YAML problems' });
    expect(problems).toHaveTextContent(
      'Line 6: spec.schedule must be @every followed by a duration such as 30s or 1m30s',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Marked in the editor too, on the value itself, as the schema's findings are.
    const view = await yamlView();
    await waitFor(() => expect(diagnosticsIn(view)).toHaveLength(1));
    const [marked] = diagnosticsIn(view);
    expect(marked?.text).toBe('"@every banana"');
    expect(marked?.message).toMatch(/must be @every followed by a duration/);
    expect(view.dom.querySelector('.cm-gutter-lint .cm-lint-marker-error')).not.toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('keeps the YAML view open when the server refuses a field the form shows', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=http', {
      handlers: [
        http.post('/api/db/canaries', () =>
          HttpResponse.json(
            { code: 'PGRST100', message: 'name is taken', details: null, hint: null },
            { status: 400 },
          ),
        ),
      ],
    });
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.click(screen.getByRole('tab', { name: 'YAML' }));
    await replaceYaml(
      `${header}metadata:\n  name: web\nspec:\n  http:\n` +
        '    - name: home\n      url: https://example.com\n',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('name is taken')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'YAML' })).toHaveAttribute('aria-selected', 'true');
  });

  it('resets to an empty spec when the editor is emptied', async () => {
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=tcp');
    await screen.findByRole('heading', { name: 'Add TCP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'db');
    await user.type(screen.getByLabelText('Endpoint *'), 'db.internal:5432');
    await waitForYaml((text) => expect(text).toContain('endpoint: db.internal:5432'));
    await replaceYaml('');
    expect(screen.queryByRole('alert', { name: 'YAML problems' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByLabelText('Name *')).toHaveValue('');
    expect(screen.getByLabelText('Endpoint *')).toHaveValue('');
    expect(screen.getByLabelText('Schedule')).toHaveValue('');
    expect(await yamlText()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
  });

  it('edits the labels as JSON; JSON that does not parse is not applied and blocks Save', async () => {
    const post = vi.fn();
    const { user } = renderCanaryRoute(server, '/settings/canaries/new?type=tcp', {
      handlers: [http.post('/api/db/canaries', post)],
    });
    await screen.findByRole('heading', { name: 'Add TCP Health Check' });
    const labels = await editorView('Labels');
    expect(labels.state.doc.toString()).toBe('{}');
    await replaceText(labels, '{"team": "sre", "tier": 1}');
    await waitForYaml((text) => expect(text).toContain('labels:\n    team: sre\n    tier: "1"'));

    await replaceText(labels, '{"team": ');
    await user.type(screen.getByLabelText('Name *'), 'db');
    await user.type(screen.getByLabelText('Check Name *'), 'port');
    await user.type(screen.getByLabelText('Endpoint *'), 'db:5432');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Invalid JSON: /)).toBeVisible();
    expect(await yamlText()).toContain('team: sre');
    expect(post).not.toHaveBeenCalled();

    await replaceText(labels, '');
    await waitForYaml((text) => expect(text).not.toContain('labels:'));
  });

  it("shows 'Saving…' while the save is pending", async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user, router } = renderCanaryRoute(server, '/settings/canaries/new?type=tcp', {
      handlers: [
        http.post('/api/db/canaries', async () => {
          await answered;
          return HttpResponse.json([{ id: 'new' }], { status: 201 });
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Add TCP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'disk');
    await user.type(screen.getByLabelText('Check Name *'), 'port');
    await user.type(screen.getByLabelText('Endpoint *'), 'disk:22');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer();
    expect(await screen.findByText('disk created successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/canaries'));
  });

  it('posts the resource with source UI and shows a server 400 under its field', async () => {
    let posted: unknown;
    const { user, notify } = renderCanaryRoute(server, '/settings/canaries/new?type=http', {
      handlers: [
        http.post('/api/db/canaries', async ({ request }) => {
          posted = await request.json();
          return HttpResponse.json(
            {
              code: 'PGRST100',
              message: 'spec.http[0].thresholdMillis Too small: expected number to be >0',
              details: null,
              hint: null,
            },
            { status: 400 },
          );
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'web');
    await user.type(screen.getByLabelText('Check Name *'), 'home');
    await user.type(screen.getByLabelText('URL *'), 'https://example.com');
    await user.type(screen.getByLabelText('Threshold (ms)'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too small: expected number to be >0')).toBeInTheDocument();
    expect(screen.getByLabelText('Threshold (ms)')).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('spec.http[0].thresholdMillis Too small: expected number to be >0'),
    ).toBeInTheDocument();
    expect(notify).toEqual(['spec.http[0].thresholdMillis Too small: expected number to be >0']);
    expect(posted).toEqual({
      name: 'web',
      namespace: 'default',
      labels: {},
      source: 'UI',
      spec: {
        schedule: '@every 5m',
        http: [{ name: 'home', url: 'https://example.com', thresholdMillis: 0 }],
      },
    });
    // Once the spec changes, what the server said about the old one goes.
    await user.type(screen.getByLabelText('Threshold (ms)'), '5');
    await waitFor(() =>
      expect(
        screen.queryByText('spec.http[0].thresholdMillis Too small: expected number to be >0'),
      ).not.toBeInTheDocument(),
    );
  });
});

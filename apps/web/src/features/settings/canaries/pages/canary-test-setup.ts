import { expect, vi } from 'vitest';
import { EditorView } from '@uiw/react-codemirror';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

// The editor is a lazy chunk and these pages are heavy: on a busy machine a second is short.
configure({ asyncUtilTimeout: 3000 });
vi.setConfig({ testTimeout: 20_000 });

/** A small Canary schema: enough for the editor to lint, as the server's would. */
export const testSchema = {
  type: 'object',
  properties: {
    apiVersion: { type: 'string' },
    kind: { type: 'string' },
    metadata: { type: 'object' },
    spec: {
      type: 'object',
      additionalProperties: false,
      properties: {
        schedule: { type: 'string' },
        http: { type: 'array', items: { type: 'object' } },
        tcp: { type: 'array', items: { type: 'object' } },
        prometheus: { type: 'array', items: { type: 'object' } },
        // Known but refused, as the server marks it.
        pod: {
          type: 'array',
          items: { type: 'object' },
          description: 'check type pod is not supported yet',
        },
      },
    },
  },
  required: ['apiVersion', 'kind', 'metadata'],
};

export interface RenderCanaryOptions extends SessionFixture {
  handlers?: RequestHandler[];
}

export function renderCanaryRoute(
  server: SetupServer,
  path: string,
  options: RenderCanaryOptions = {},
) {
  server.use(
    // The first matching handler answers: the test's own come first.
    ...(options.handlers ?? []),
    ...sessionHandlers(options),
    http.get('/api/schemas/canary.schema.json', () => HttpResponse.json(testSchema)),
    http.get('/api/db/canaries_with_status', () => HttpResponse.json([])),
  );
  const notify: string[] = [];
  const user = userEvent.setup();
  const rendered = renderApp([path], (message) => notify.push(message));
  return { user, notify, ...rendered };
}

/** A CodeMirror view by its label, once its lazy chunk has loaded. */
export async function editorView(name: string): Promise<EditorView> {
  // hidden: the YAML tab stays mounted (and in step) while the Form tab is shown.
  const content = await screen.findByRole('textbox', { name, hidden: true }, { timeout: 5000 });
  const view = EditorView.findFromDOM(content);
  if (view === null) throw new Error('no CodeMirror view');
  return view;
}

export function yamlView(): Promise<EditorView> {
  return editorView('Canary YAML');
}

/** Replaces an editor's text as a paste would: CodeMirror reports it to the page like typing. */
export async function replaceText(view: EditorView, text: string): Promise<void> {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  await waitFor(() => expect(view.state.doc.toString()).toBe(text));
}

export async function yamlText(): Promise<string> {
  return (await yamlView()).state.doc.toString();
}

/** Waits for the YAML to pass a check; the editor's lazy chunk can take seconds to load. */
export async function waitForYaml(check: (text: string) => void): Promise<void> {
  const view = await yamlView();
  await waitFor(() => check(view.state.doc.toString()), { timeout: 3000 });
}

export async function replaceYaml(text: string): Promise<void> {
  await replaceText(await yamlView(), text);
}

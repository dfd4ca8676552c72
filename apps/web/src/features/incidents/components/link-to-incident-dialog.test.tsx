import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { LinkToIncidentDialog } from './link-to-incident-dialog.tsx';

const server = setupMsw();
const target = { kind: 'check', id: 'c1', name: 'checkout-probe' } as const;

function renderDialog() {
  const posted: { path: string; body: unknown }[] = [];
  const record = (path: string, answer: Record<string, string>[]) =>
    http.post(path, async ({ request }) => {
      posted.push({ path, body: await request.json() });
      return HttpResponse.json(answer, { status: 201 });
    });
  server.use(
    ...sessionHandlers({}),
    http.get('/api/db/incidents', () =>
      HttpResponse.json([{ id: 'i1', incident_id: 'INC0000001', title: '' }]),
    ),
    http.get('/api/db/hypotheses', ({ request }) =>
      new URL(request.url).searchParams.get('type') === 'eq.root'
        ? HttpResponse.json([{ id: 'root-new' }])
        : HttpResponse.json([{ id: 'h1', title: 'Root cause', type: 'root' }]),
    ),
    record('/api/db/incidents', [{ id: 'new-incident' }]),
    record('/api/db/hypotheses', [{ id: 'h-new' }]),
    record('/api/db/evidences', [{ id: 'e1' }]),
  );
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderRoutes([
    { path: '/', element: <LinkToIncidentDialog target={target} onClose={onClose} /> },
  ]);
  return { user, posted, onClose };
}

describe('Link to Incident', () => {
  it('keeps Link disabled without a selection and names untitled incidents', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
    expect(
      await within(dialog).findByRole('option', { name: 'INC0000001 (no title)' }),
    ).toBeInTheDocument();
  });

  it('asks for a hypothesis on an existing incident, then links the evidence to it', async () => {
    const { user, posted, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
    await user.selectOptions(
      within(dialog).getByLabelText('Incident'),
      await within(dialog).findByRole('option', { name: 'INC0000001 (no title)' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByText('Must select or create a hypothesis')).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByLabelText('Hypothesis'),
      await within(dialog).findByRole('option', { name: 'Root cause' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        path: '/api/db/evidences',
        body: { hypothesisId: 'h1', type: 'check', check_id: 'c1', description: 'checkout-probe' },
      },
    ]);
  });

  it('creates the incident with the default type and severity and a hypothesis named after it', async () => {
    const { user, posted, onClose } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Link to Incident' });
    await user.selectOptions(within(dialog).getByLabelText('Incident'), 'new');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('availability');
    expect(within(dialog).getByLabelText('Severity')).toHaveValue('low');
    await user.clear(within(dialog).getByLabelText('Incident title'));
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(within(dialog).getByText('Must select or create an incident')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Incident title'), 'Probe failing');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted.map((call) => call.path)).toEqual([
      '/api/db/incidents',
      '/api/db/hypotheses',
      '/api/db/evidences',
    ]);
    expect(posted[0]?.body).toMatchObject({
      title: 'Probe failing',
      type: 'availability',
      severity: 'low',
    });
    expect(posted[1]?.body).toMatchObject({
      incident_id: 'new-incident',
      parent_id: 'root-new',
      title: 'Probe failing',
    });
  });
});

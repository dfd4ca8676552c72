import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

const server = setupMsw();

const incident = {
  id: '0190aaaa-0000-7000-8000-000000000001',
  incident_id: 'INC0000001',
  title: 'Checkout is down',
  type: 'availability',
  status: 'open',
  severity: 'high',
  created_at: '2026-11-27T10:00:00Z',
  commander: { id: 'p1', name: 'Ada Admin', avatar: null },
  responders: [1, 2, 3, 4, 5, 6].map((n) => ({
    id: `r${n}`,
    type: 'person',
    name: `Person ${n}`,
    avatar: null,
  })),
};

function renderPage(url: string, rows: unknown[], fixture: SessionFixture = {}) {
  const asked: URLSearchParams[] = [];
  server.use(
    ...sessionHandlers(fixture),
    http.get('/api/db/incident_summary', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json(rows, {
        headers: { 'content-range': `0-${rows.length - 1}/${rows.length}` },
      });
    }),
    http.get('/api/db/people', () =>
      HttpResponse.json([{ id: 'p1', name: 'Ada Admin', avatar: null }]),
    ),
    http.get('/api/db/components', () => HttpResponse.json([{ id: 'c1', name: 'checkout-api' }])),
    http.get('/api/db/incidents_by_component', () => HttpResponse.json([{ id: 'i1' }])),
  );
  const user = userEvent.setup();
  const app = renderApp([url]);
  return { user, asked, app };
}

describe('incidents page', () => {
  it('lists incidents with five avatars and asks for open ones by default', async () => {
    const { asked } = renderPage('/incidents', [incident]);
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(within(table).getByText('INC0000001')).toBeInTheDocument();
    expect(within(table).getByText('Checkout is down')).toBeInTheDocument();
    expect(within(table).getByText('+1')).toBeInTheDocument();
    expect(asked[0]?.get('status')).toBe('eq.open');
  });

  it('drops the status filter for all and sends the others from the URL', async () => {
    const { asked } = renderPage(
      '/incidents?status=all&severity=high&type=security&search=disk',
      [],
    );
    expect(
      await screen.findByText('There are no incidents matching this criteria'),
    ).toBeInTheDocument();
    expect(asked[0]?.get('status')).toBeNull();
    expect(asked[0]?.get('severity')).toBe('eq.high');
    expect(asked[0]?.get('type')).toBe('eq.security');
    expect(asked[0]?.get('title')).toBe('ilike.*disk*');
  });

  it('filters by component through the incidents linked to it', async () => {
    const { asked } = renderPage('/incidents?component=c1', []);
    await screen.findByText('There are no incidents matching this criteria');
    expect(asked[0]?.get('id')).toBe('in.(i1)');
    expect(screen.getByLabelText('Component')).toHaveValue('c1');
  });

  it('keeps a chosen filter in the URL', async () => {
    const { user, app } = renderPage('/incidents', []);
    await user.selectOptions(await screen.findByLabelText('Severity'), 'critical');
    await waitFor(() => expect(app.router.state.location.search).toContain('severity=critical'));
  });

  it('creates an incident with the defaults and opens it', async () => {
    let posted: unknown;
    const { user, app } = renderPage('/incidents', []);
    server.use(
      http.post('/api/db/incidents', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json([{ id: 'new-id' }], { status: 201 });
      }),
      http.get('/api/db/incidents', () => HttpResponse.json([])),
    );
    await user.click(await screen.findByRole('button', { name: 'Create Incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Incident' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    expect(posted).toBeUndefined();
    await user.type(within(dialog).getByLabelText('Title'), 'Disk full');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/incidents/new-id'));
    expect(posted).toEqual({
      title: 'Disk full',
      description: '',
      type: 'availability',
      severity: 'low',
      status: 'open',
    });
  });

  it('hides the create button from a viewer', async () => {
    renderPage('/incidents', [incident], { roles: ['viewer'] });
    await screen.findByRole('table', { name: 'Incidents' });
    expect(screen.queryByRole('button', { name: 'Create Incident' })).not.toBeInTheDocument();
  });
});

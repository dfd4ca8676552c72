import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';
import type { EventQueueSummary } from '../api/event-queue-summary-query.ts';

const server = setupMsw();

const failing: EventQueueSummary = {
  name: 'notification.send',
  pending: 12,
  failed: 3,
  average_attempts: 1.6667,
  first_failure: '2026-11-20T10:00:00Z',
  last_failure: '2026-11-24T10:00:00Z',
  most_common_error: 'POST https://hooks.example.com/x: 502 Bad Gateway',
};
const healthy: EventQueueSummary = {
  name: 'check.passed',
  pending: 4,
  failed: 0,
  average_attempts: 0,
  first_failure: null,
  last_failure: null,
  most_common_error: null,
};

function renderPage(
  rows: unknown[],
  fixture: SessionFixture = {},
  path = '/settings/event-queue-status',
) {
  let query = '';
  server.use(
    ...sessionHandlers(fixture),
    http.get('/api/db/event_queue_summary', ({ request }) => {
      query = decodeURIComponent(new URL(request.url).search);
      return HttpResponse.json(rows);
    }),
  );
  const user = userEvent.setup();
  const rendered = renderApp([path]);
  return { user, query: () => query, ...rendered };
}

describe('event queue status page', () => {
  it('shows each event name’s pending and failed events, newest failure first', async () => {
    const page = renderPage([failing, healthy]);
    const table = await screen.findByRole('table', { name: 'Event queue' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Name',
      'Pending Count',
      'Error Count',
      'Average Attempts',
      'First Failed At',
      'Last Failed At',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row ?? table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first).slice(0, 4)).toEqual(['notification.send', '12', '3', '1.67']);
    expect(within(first ?? table).getAllByRole('time')).toHaveLength(2);
    expect(cells(second)).toEqual(['check.passed', '4', '0', '0', '', '']);
    expect(page.query()).toContain('order=last_failure.desc.nullslast');
    expect(document.title).toBe('Event Queue | Vigil');
  });

  it('opens the most common error of a row that has one, and keeps it in the URL', async () => {
    const { user, router } = renderPage([failing, healthy]);
    const table = await screen.findByRole('table', { name: 'Event queue' });
    await user.click(within(table).getByText('12'));
    const dialog = await screen.findByRole('dialog', { name: 'notification.send' });
    expect(within(dialog).getByLabelText('Most common error')).toHaveTextContent(
      'POST https://hooks.example.com/x: 502 Bad Gateway',
    );
    expect(dialog).toHaveAccessibleDescription('Most common error of 3 failed events');
    expect(router.state.location.search).toBe('?error=notification.send');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opens the dialog from the keyboard', async () => {
    const { user } = renderPage([failing]);
    await screen.findByRole('table', { name: 'Event queue' });
    const name = screen.getByRole('button', {
      name: 'notification.send: show the most common error',
    });
    name.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'notification.send' })).toBeInTheDocument();
  });

  it('opens nothing for a row without errors', async () => {
    const { user, router } = renderPage([healthy]);
    const table = await screen.findByRole('table', { name: 'Event queue' });
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(table).getByText('check.passed'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the dialog from a link', async () => {
    renderPage([failing], {}, '/settings/event-queue-status?error=notification.send');
    expect(await screen.findByRole('dialog', { name: 'notification.send' })).toBeInTheDocument();
  });

  it('shows the empty state when nothing is queued', async () => {
    renderPage([]);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('shows the error, with Try again, when the summary cannot be read', async () => {
    server.use(
      ...sessionHandlers(),
      http.get('/api/db/event_queue_summary', () =>
        HttpResponse.json({ code: 'XX000', message: 'database is down' }, { status: 500 }),
      ),
    );
    renderApp(['/settings/event-queue-status']);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the event queue');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is readable by a viewer', async () => {
    renderPage([failing], { roles: ['viewer'] });
    expect(await screen.findByRole('table', { name: 'Event queue' })).toBeInTheDocument();
  });
});

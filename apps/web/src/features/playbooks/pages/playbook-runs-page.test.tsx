import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { allPlaybooks, completedRun, failedRun, ids, waitingRun } from './playbook-fixtures.ts';
import { recorder, renderPlaybookRoute } from './playbook-test-setup.ts';

const server = setupMsw();

function runsHandlers(rows: unknown[], total: number) {
  const runs = recorder();
  const handlers = [
    runs.get('/api/db/playbook_runs', () => rows, {
      'Content-Range': `0-${rows.length - 1}/${total}`,
    }),
    http.get('/api/db/playbooks', () => HttpResponse.json(allPlaybooks)),
  ];
  return { runs, handlers };
}

describe('/playbooks/runs', () => {
  it('lists runs of the last 7 days, 150 a page, with status, resource and duration', async () => {
    const { runs, handlers } = runsHandlers([completedRun, failedRun, waitingRun], 3);
    const before = Date.now();
    renderPlaybookRoute(server, '/playbooks/runs', { handlers });
    const table = await screen.findByRole('table', { name: 'Playbook runs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Playbook', 'Status', 'Resource', 'Started', 'Duration', 'Run By']);
    const [, completed, failed, waiting] = within(table).getAllByRole('row');
    expect(completed).toHaveTextContent('Restart deployment');
    expect(completed).toHaveTextContent('Completed');
    expect(completed).toHaveTextContent('1m 5s');
    expect(completed).toHaveTextContent('Ada Admin');
    expect(within(completed!).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      `/catalog/${ids.deployment}`,
    );
    expect(within(completed!).getByRole('link', { name: /Restart deployment/ })).toHaveAttribute(
      'href',
      `/playbooks/runs/${ids.run}`,
    );
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('250ms');
    expect(failed).toHaveTextContent('Trigger');
    expect(waiting).toHaveTextContent('Pending Approval');
    const query = runs.queries[0]!;
    expect(query.get('limit')).toBe('150');
    expect(query.get('offset')).toBe('0');
    expect(query.get('order')).toBe('created_at.desc');
    const since = Date.parse(query.get('created_at')!.replace('gte.', ''));
    expect(before - since).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(before - since).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(query.get('select')).toContain('playbook:playbooks(id,name,title,icon)');
  });

  it('filters by playbook, status and time range in the URL and pages', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({
      ...completedRun,
      id: `${ids.run.slice(0, -3)}${String(index).padStart(3, '0')}`,
    }));
    const { runs, handlers } = runsHandlers(rows, 320);
    const { user, router } = renderPlaybookRoute(server, '/playbooks/runs?pageSize=50', {
      handlers,
    });
    await screen.findByRole('table', { name: 'Playbook runs' });
    await screen.findByRole('option', { name: 'Vacuum table' });
    await user.selectOptions(screen.getByLabelText('Playbook'), ids.vacuum);
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.selectOptions(screen.getByLabelText('Time Range'), '30d');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?pageSize=50&playbook=${ids.vacuum}&status=failed&timeRange=30d`,
      ),
    );
    await waitFor(() => expect(runs.queries.at(-1)?.get('status')).toBe('eq.failed'));
    const last = runs.queries.at(-1)!;
    expect(last.get('playbook_id')).toBe(`eq.${ids.vacuum}`);
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(runs.queries.at(-1)?.get('offset')).toBe('50'));
    expect(router.state.location.search).toContain('pageIndex=1');
    // 'All' removes the filter.
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await waitFor(() => expect(runs.queries.at(-1)?.get('status')).toBeNull());
  });

  it('shows the empty state', async () => {
    const { handlers } = runsHandlers([], 0);
    renderPlaybookRoute(server, '/playbooks/runs?status=running', { handlers });
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });
});

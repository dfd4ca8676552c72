import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { jobRow, jobsApi, renderJobsPage, searchOf } from './job-history-test-setup.ts';

const server = setupMsw();

const failed = jobRow({
  id: '0192f0c4-0000-7000-8000-000000000a02',
  status: 'FAILED',
  error_count: 2,
  success_count: 1,
  agent: { id: '0192f0c4-0000-7000-8000-000000000301', name: 'eu-cluster' },
  details: { errors: ['homepage: connection refused', 'api: timeout'] },
});
const scraped = jobRow({
  id: '0192f0c4-0000-7000-8000-000000000a03',
  name: 'ConfigScraper',
  resource_type: 'config_scraper',
  resource_name: 'kubernetes',
  details: { errors: [], scrape_summary: { added: 4 }, summary: { total: 9 } },
});
const quiet = jobRow({ id: '0192f0c4-0000-7000-8000-000000000a04', name: 'HealthRetention' });

describe('job history page', () => {
  it('asks for successful runs of the last 2 days, newest first, 50 a page', async () => {
    const { api, handlers } = jobsApi([quiet]);
    renderJobsPage(server, '/settings/jobs', handlers);
    expect(await screen.findByRole('heading', { name: 'Job History' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Job history' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Job Name',
      'Resource',
      'Status',
      'Duration',
      'Success Count',
      'Error Count',
      'Created',
    ]);
    expect(within(table).getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const [call] = api.calls;
    expect(call?.get('select')).toBe('*');
    expect(call?.get('status')).toBe('eq.SUCCESS');
    expect(call?.get('order')).toBe('created_at.desc');
    expect(call?.get('limit')).toBe('50');
    expect(call?.get('offset')).toBe('0');
    expect(call?.get('and')).toBe('(created_at.gt.now-2d,created_at.lt.now)');
    expect(screen.getByLabelText('Status')).toHaveValue('SUCCESS');
    expect(screen.getByRole('button', { name: 'Time range: Last 2 days' })).toBeInTheDocument();
  });

  it('filters by status Failed in the URL and opens the failed run on its errors', async () => {
    const { api, handlers } = jobsApi([quiet]);
    const { user, router } = renderJobsPage(server, '/settings/jobs', handlers);
    await screen.findByRole('table', { name: 'Job history' });
    api.rows = [failed];
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(searchOf(router).get('status')).toBe('FAILED');
    await waitFor(() => expect(api.calls.at(-1)?.get('status')).toBe('eq.FAILED'));
    const row = await screen.findByRole('row', { name: /FAILED/ });
    expect(row).toHaveTextContent('payments-api');
    expect(row).toHaveTextContent('eu-cluster');
    expect(within(row).getByRole('link', { name: 'payments-api' })).toHaveAttribute(
      'href',
      `/settings/canaries/${failed.resource_id ?? ''}`,
    );
    await user.click(within(row).getByRole('button', { name: 'Canary details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Job details: Canary: payments-api' });
    expect(within(dialog).getByRole('tab', { name: 'Errors' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('connection refused');
    expect(searchOf(router).get('job')).toBe(failed.id);
  });

  it('opens on the first non-empty tab and switches tabs', async () => {
    const { handlers } = jobsApi([scraped]);
    const { user, router } = renderJobsPage(server, '/settings/jobs', handlers);
    await user.click(await screen.findByRole('button', { name: 'ConfigScraper details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('tab', { name: 'Errors' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'Scrape Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Summary' }));
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('"total": 9');
    expect(searchOf(router).get('tab')).toBe('summary');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchOf(router).get('job')).toBeNull();
  });

  it('does not open a run whose details are all empty', async () => {
    const { handlers } = jobsApi([jobRow({ ...quiet, details: { errors: [], summary: {} } })]);
    const { user } = renderJobsPage(server, '/settings/jobs', handlers);
    const row = await screen.findByRole('row', { name: /HealthRetention/ });
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    await user.click(row);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a shared link on its run, fetched by id', async () => {
    const { api, handlers } = jobsApi([failed]);
    renderJobsPage(server, `/settings/jobs?status=FAILED&job=${failed.id}`, handlers);
    const dialog = await screen.findByRole('dialog', { name: /Job details: Canary/ });
    expect(within(dialog).getByRole('tabpanel')).toHaveTextContent('api: timeout');
    expect(api.calls.some((call) => call.get('id') === `eq.${failed.id}`)).toBe(true);
  });

  it('keeps the resource type, name and duration filters in the URL', async () => {
    const { api, handlers } = jobsApi([quiet]);
    const { user, router } = renderJobsPage(server, '/settings/jobs?pageIndex=3', handlers);
    await screen.findByRole('table', { name: 'Job history' });
    await user.selectOptions(screen.getByLabelText('Resource Type'), 'Topology');
    await user.selectOptions(screen.getByLabelText('Name'), 'HealthRetention');
    await user.selectOptions(screen.getByLabelText('Duration'), '5s or longer');
    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    const search = searchOf(router);
    expect(search.get('resourceType')).toBe('topology');
    expect(search.get('name')).toBe('HealthRetention');
    expect(search.get('duration')).toBe('5000');
    expect(search.get('status')).toBe('all');
    // A filter change starts again from the first page.
    expect(search.get('pageIndex')).toBeNull();
    await waitFor(() => {
      const call = api.calls.at(-1);
      expect(call?.get('resource_type')).toBe('eq.topology');
      expect(call?.get('name')).toBe('eq.HealthRetention');
      expect(call?.get('duration_millis')).toBe('gte.5000');
      expect(call?.get('status')).toBeNull();
      expect(call?.get('offset')).toBe('0');
    });
    await user.selectOptions(screen.getByLabelText('Resource Type'), 'All');
    expect(searchOf(router).get('resourceType')).toBeNull();
  });

  it('sorts by a column header and pages through the exact count', async () => {
    const { api, handlers } = jobsApi([quiet]);
    api.total = 120;
    const { user, router } = renderJobsPage(server, '/settings/jobs', handlers);
    await screen.findByRole('table', { name: 'Job history' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Duration' }));
    expect(searchOf(router).get('sortBy')).toBe('duration_millis');
    expect(searchOf(router).get('sortOrder')).toBe('desc');
    await user.click(screen.getByRole('button', { name: 'Duration' }));
    expect(searchOf(router).get('sortOrder')).toBe('asc');
    await waitFor(() => expect(api.calls.at(-1)?.get('order')).toBe('duration_millis.asc'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(searchOf(router).get('pageIndex')).toBe('1');
    await waitFor(() => expect(api.calls.at(-1)?.get('offset')).toBe('50'));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('picks relative, mapped and absolute ranges, remembering absolute ones', async () => {
    const { api, handlers } = jobsApi([quiet]);
    const { user, router } = renderJobsPage(server, '/settings/jobs', handlers);
    await screen.findByRole('table', { name: 'Job history' });
    await user.click(screen.getByRole('button', { name: 'Time range: Last 2 days' }));
    let dialog = await screen.findByRole('dialog', { name: 'Time Range' });
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    expect(searchOf(router).get('range')).toBe('7d');
    await waitFor(() =>
      expect(api.calls.at(-1)?.get('and')).toBe('(created_at.gt.now-7d,created_at.lt.now)'),
    );

    await user.click(screen.getByRole('button', { name: 'Time range: Last 7 days' }));
    dialog = await screen.findByRole('dialog', { name: 'Time Range' });
    await user.click(within(dialog).getByRole('button', { name: 'Today so far' }));
    expect(searchOf(router).get('rangeType')).toBe('mapped');
    expect(searchOf(router).get('display')).toBe('Today so far');
    await waitFor(() => expect(api.calls.at(-1)?.get('and')).toMatch(/,created_at\.lt\.now\)$/));

    await user.click(screen.getByRole('button', { name: 'Time range: Today so far' }));
    dialog = await screen.findByRole('dialog', { name: 'Time Range' });
    const apply = within(dialog).getByRole('button', { name: 'Apply time range' });
    expect(apply).toBeDisabled();
    await user.type(within(dialog).getByLabelText('From'), '2026-11-01T08:00');
    expect(apply).toBeDisabled();
    await user.type(within(dialog).getByLabelText('To'), '2026-11-02T08:00');
    await user.click(apply);
    const search = searchOf(router);
    expect(search.get('rangeType')).toBe('absolute');
    expect(search.get('from')).toBe(new Date('2026-11-01T08:00').toISOString());
    expect(search.get('display')).toBeNull();
    await waitFor(() =>
      expect(api.calls.at(-1)?.get('and')).toBe(
        `(created_at.gt.${new Date('2026-11-01T08:00').toISOString()},created_at.lt.${new Date('2026-11-02T08:00').toISOString()})`,
      ),
    );

    await user.click(screen.getByRole('button', { name: /^Time range: .* to / }));
    dialog = await screen.findByRole('dialog', { name: 'Time Range' });
    expect(within(dialog).getByText('Recently used absolute ranges')).toBeInTheDocument();
  });

  it("shows 'No details found' when nothing matches", async () => {
    const { handlers } = jobsApi([]);
    renderJobsPage(server, '/settings/jobs', handlers);
    expect(await screen.findByText('No details found')).toBeInTheDocument();
  });

  it('shows the error component when the list cannot load', async () => {
    const { api, handlers } = jobsApi([]);
    api.failWith = 500;
    renderJobsPage(server, '/settings/jobs', handlers);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the job history');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each(['viewer', 'responder', 'commander', 'editor'] as const)(
    'lets a %s read the page',
    async (role) => {
      const { handlers } = jobsApi([failed]);
      renderJobsPage(server, '/settings/jobs?status=FAILED', handlers, { roles: [role] });
      expect(await screen.findByRole('table', { name: 'Job history' })).toBeInTheDocument();
    },
  );
});

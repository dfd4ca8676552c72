import userEvent from '@testing-library/user-event';
import type { JobHistory } from '@vigil/domain';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

const base: JobHistory = {
  id: '0192f0c4-0000-7000-8000-000000000a01',
  name: 'Canary',
  agent_id: '00000000-0000-0000-0000-000000000000',
  agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
  resource_id: '0192f0c4-0000-7000-8000-000000000c01',
  resource_type: 'canary',
  resource_name: 'payments-api',
  status: 'SUCCESS',
  duration_millis: 1200,
  time_start: '2026-11-24T10:00:00Z',
  time_end: '2026-11-24T10:00:01Z',
  success_count: 3,
  error_count: 0,
  hostname: null,
  created_at: '2026-11-24T10:00:00Z',
  details: null,
};

export function jobRow(patch: Partial<JobHistory>): JobHistory {
  return { ...base, ...patch };
}

export interface JobsApi {
  /** Every job_histories call, decoded, newest last. */
  readonly calls: URLSearchParams[];
  rows: JobHistory[];
  total: number;
  failWith?: number;
}

/** Answers job_histories like the data API: the rows, a Content-Range, or an error. */
export function jobsApi(rows: JobHistory[]): { api: JobsApi; handlers: RequestHandler[] } {
  const api: JobsApi = { calls: [], rows, total: rows.length };
  const handlers = [
    http.get('/api/db/job_histories', ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.calls.push(params);
      if (api.failWith !== undefined) {
        return HttpResponse.json(
          { code: 'XX000', message: 'database is away', details: null, hint: null },
          { status: api.failWith },
        );
      }
      const id = params.get('id');
      const answer = id ? api.rows.filter((row) => `eq.${row.id}` === id) : api.rows;
      const offset = Number(params.get('offset') ?? 0);
      const last = offset + answer.length - 1;
      return HttpResponse.json(answer, {
        headers: { 'Content-Range': `${offset}-${last}/${id ? answer.length : api.total}` },
      });
    }),
    http.get('/api/db/job_history_names', () =>
      HttpResponse.json([{ name: 'Canary' }, { name: 'HealthRetention' }]),
    ),
  ];
  return { api, handlers };
}

export function renderJobsPage(
  server: SetupServer,
  path: string,
  handlers: RequestHandler[],
  fixture: SessionFixture = {},
) {
  server.use(...handlers, ...sessionHandlers(fixture));
  const user = userEvent.setup();
  const rendered = renderApp([path]);
  return { user, ...rendered };
}

/** The page's current query string, as a shared link would carry it. */
export function searchOf(router: { state: { location: { search: string } } }): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

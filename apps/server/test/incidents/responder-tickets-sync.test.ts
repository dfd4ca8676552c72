import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  syncTickets,
  type TicketDeps,
} from '../../src/modules/incidents/responders/tickets.service.ts';
import { useIncidentsApp } from './incidents-harness.ts';
import { startTicketFake, type Answer, type Received } from './ticket-fakes.ts';
import {
  openResponder,
  seedConnections,
  seedTeam,
  syncedComments,
  ticketDeps,
} from './ticket-harness.ts';

const ctx = useIncidentsApp();
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const snowAuth = basic('snow-bot', 'snow-pass');
const sysId = '9d385017c611228701d22104cc95c371';

/** The parsed query of a request, e.g. `{ sysparm_query: 'number=INC0010001' }`. */
const queryOf = (request: Received) =>
  Object.fromEntries(new URLSearchParams(request.path.split('?')[1] ?? ''));

/** ServiceNow's Table API: refuses other credentials, and answers only the expected queries. */
function serviceNow(request: Received, route: string): Answer {
  if (request.headers.authorization !== snowAuth) return { status: 401, body: {} };
  const query = queryOf(request);
  if (route === 'POST /api/now/table/incident') {
    return { status: 201, body: { result: { sys_id: sysId, number: 'INC0010001' } } };
  }
  if (route === 'GET /api/now/table/incident' && query.sysparm_query === 'number=INC0010001') {
    const row = { sys_id: sysId, number: 'INC0010001', state: '6', closed_at: '' };
    return {
      body: {
        result: [{ ...row, work_start: '2026-11-28 01:00:00', resolved_at: '2026-11-28 02:30:00' }],
      },
    };
  }
  if (
    route === 'GET /api/now/table/sys_journal_field' &&
    query.sysparm_query === `element_id=${sysId}^element=comments^ORDERBYsys_created_on`
  ) {
    return {
      body: {
        result: [{ sys_id: 'j-1', value: 'Restarted the pods', sys_created_by: 'jane.ops' }],
      },
    };
  }
  return { status: 400, body: { error: { message: `unexpected ${request.path}` } } };
}

/** CA SDM REST: Basic only for rest_access, X-AccessKey for everything else. */
function serviceDesk(request: Received, route: string): Answer {
  if (route === 'POST /caisd-rest/rest_access') {
    return request.headers.authorization === basic('sdm-bot', 'sdm-pass')
      ? { status: 201, body: { rest_access: { '@id': '7001', access_key: 98765 } } }
      : { status: 401, body: {} };
  }
  if (request.headers['x-accesskey'] !== '98765' || request.headers.authorization) {
    return { status: 401, body: {} };
  }
  if (route === 'DELETE /caisd-rest/rest_access/7001') return { status: 204 };
  const where = queryOf(request).WC;
  if (route === 'POST /caisd-rest/in') {
    return { status: 201, body: { in: { '@id': '400001', '@COMMON_NAME': '1042' } } };
  }
  if (route === 'GET /caisd-rest/in' && where === "ref_num='1042'") {
    const status = { '@id': '5200', '@REL_ATTR': 'RE', '@COMMON_NAME': 'Resolved' };
    const found = { '@id': '400001', '@REL_ATTR': 'cr:400001', '@COMMON_NAME': '1042' };
    return {
      body: {
        collection_in: {
          '@COUNT': '1',
          in: { ...found, status, resolve_date: '1795829400', close_date: '' },
        },
      },
    };
  }
  if (route === 'GET /caisd-rest/alg' && where === "call_req_id='cr:400001' AND type='LOG'") {
    const comment = { description: 'Escalated to the network team', internal: '0' };
    return {
      body: {
        collection_alg: {
          '@COUNT': '2',
          alg: [
            { '@id': '600001', ...comment, analyst: { '@COMMON_NAME': 'Sam Analyst' } },
            { '@id': '600002', description: 'Analysts only', internal: '1' },
          ],
        },
      },
    };
  }
  return { status: 400, body: { error: `unexpected ${request.path}` } };
}

let fake: Awaited<ReturnType<typeof startTicketFake>>;
let deps: TicketDeps;
let teamId: string;
const signal = new AbortController().signal;
const routeOf = (request: Received) => `${request.method} ${request.path.split('?')[0]}`;
const requests = (route: string) => fake.received.filter((request) => routeOf(request) === route);

beforeAll(async () => {
  fake = await startTicketFake((request) => {
    const route = routeOf(request);
    return route.includes('/caisd-rest/')
      ? serviceDesk(request, route)
      : serviceNow(request, route);
  });
  const db = ctx.app().database.db;
  await seedConnections(db, [
    { name: 'snow', type: 'http', url: fake.url, username: 'snow-bot', password: 'snow-pass' },
    { name: 'sdm', type: 'http', url: fake.url, username: 'sdm-bot', password: 'sdm-pass' },
  ]);
  teamId = await seedTeam(ctx, {
    service_now: { connection: 'connection://default/snow' },
    ca: { connection: 'connection://default/sdm' },
  });
  deps = ticketDeps(db);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

const fields = { category: 'Outage', description: '{{ .incident.title }}', body: 'Please look' };

/** The times a sync recorded, as ISO text ('' when unset). */
async function times(responderId: string) {
  const [row] = await ctx.query(
    z.object({ acknowledged: z.string(), resolved: z.string(), closed: z.string() }),
    `select coalesce(to_char(acknowledged_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), '') as acknowledged,
            coalesce(to_char(resolved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), '') as resolved,
            coalesce(to_char(closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS'), '') as closed
       from responders where id = $1`,
    [responderId],
  );
  return row;
}

const commentHistories = (incidentId: string) =>
  ctx.count('incident_histories', `incident_id = $1 and type = 'responder.commented'`, [
    incidentId,
  ]);

describe('team responder tickets read back', () => {
  it('service_now: the incident by number, its times and its comments journal', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'service_now', fields);
    expect(opened.externalId).toBe('INC0010001');
    await syncTickets(deps, signal);
    await syncTickets(deps, signal);
    const [read] = requests('GET /api/now/table/incident');
    expect(read && queryOf(read)).toEqual({
      sysparm_query: 'number=INC0010001',
      sysparm_fields: 'sys_id,number,state,work_start,resolved_at,closed_at',
      sysparm_limit: '1',
    });
    const [journal] = requests('GET /api/now/table/sys_journal_field');
    expect(journal?.headers.authorization).toBe(snowAuth);
    const toServiceNow = fake.received.filter((request) => request.path.startsWith('/api/now/'));
    expect(toServiceNow.map((request) => request.headers.authorization)).toEqual(
      toServiceNow.map(() => snowAuth),
    );
    expect(await syncedComments(ctx, opened.responderId)).toEqual([
      { comment: 'Restarted the pods', external_created_by: 'jane.ops' },
    ]);
    expect(await commentHistories(opened.incidentId)).toBe(1);
    expect(await times(opened.responderId)).toEqual({
      acknowledged: '2026-11-28T01:00:00',
      resolved: '2026-11-28T02:30:00',
      closed: '',
    });
  });

  it('ca: the request by ref_num and its LOG activities, with X-AccessKey', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'ca', fields);
    expect(opened.externalId).toBe('1042');
    await syncTickets(deps, signal);
    await syncTickets(deps, signal);
    const [read] = requests('GET /caisd-rest/in');
    expect(read?.headers['x-obj-attrs']).toBe('status, resolve_date, close_date');
    const [log] = requests('GET /caisd-rest/alg');
    expect(log?.headers['x-accesskey']).toBe('98765');
    const keyed = fake.received.filter(
      (request) => request.path.startsWith('/caisd-rest/') && !request.path.endsWith('rest_access'),
    );
    expect(keyed.map((request) => request.headers.authorization)).toEqual(
      keyed.map(() => undefined),
    );
    // Each session (open, then two reads) logs out by deleting its key.
    expect(requests('DELETE /caisd-rest/rest_access/7001')).toHaveLength(3);
    expect(await syncedComments(ctx, opened.responderId)).toEqual([
      { comment: 'Escalated to the network team', external_created_by: 'Sam Analyst' },
    ]);
    expect(await commentHistories(opened.incidentId)).toBe(1);
    const synced = await times(opened.responderId);
    expect(synced?.resolved).toBe(new Date(1795829400 * 1000).toISOString().slice(0, 19));
    expect(synced?.acknowledged).not.toBe('');
    expect(synced?.closed).toBe('');
  });
});

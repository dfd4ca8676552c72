import { z } from 'zod';
import {
  baseUrl,
  basicAuth,
  defineTicketClient,
  jsonCall,
  responderClientConfig,
  TicketError,
} from './ticket-client.ts';

const created = z.object({
  result: z.object({ sys_id: z.string(), number: z.string().optional() }),
});

const incidentFields = 'sys_id,number,state,work_start,resolved_at,closed_at';
const incidentRow = z.looseObject({
  sys_id: z.string(),
  state: z.string().optional(),
  work_start: z.string().optional(),
  resolved_at: z.string().optional(),
  closed_at: z.string().optional(),
});
const listed = z.object({ result: z.array(incidentRow) });
const single = z.object({ result: incidentRow });
const journal = z.object({
  result: z.array(
    z.looseObject({ sys_id: z.string(), value: z.string(), sys_created_by: z.string().optional() }),
  ),
});

/** Out-of-box incident states: 2 In Progress, 3 On Hold, 6 Resolved, 7 Closed, 8 Canceled. */
const workedStates = new Set(['2', '3', '6', '7']);
const resolvedStates = new Set(['6', '7']);
const closedStates = new Set(['7', '8']);

/** Table API date-times are UTC `YYYY-MM-DD HH:mm:ss` (sysparm_display_value=false); '' is none. */
function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const sysIdPattern = /^[0-9a-f]{32}$/;

/**
 * ServiceNow Table API: POST /api/now/table/incident; read back by number (or sys_id), with
 * the incident's customer-visible comments from sys_journal_field (element `comments`).
 */
export const serviceNowTickets = defineTicketClient({
  type: 'service_now',
  config: responderClientConfig,
  async open({ connection, fields, incident, signal }) {
    const answer = await jsonCall(`${baseUrl(connection)}/api/now/table/incident`, {
      method: 'POST',
      headers: basicAuth(connection),
      signal,
      body: {
        category: fields.category,
        short_description: fields.description,
        description: fields.body,
        correlation_id: incident.incident_id,
      },
    });
    const { result } = created.parse(answer);
    return { externalId: result.number ?? result.sys_id };
  },
  async read({ connection, externalId, signal }) {
    const table = `${baseUrl(connection)}/api/now/table`;
    const get = async (path: string, query: Record<string, string>) =>
      jsonCall(`${table}/${path}?${new URLSearchParams(query).toString()}`, {
        method: 'GET',
        headers: basicAuth(connection),
        signal,
      });
    // The external id is the number people quote; a ticket without one kept its sys_id.
    const row = sysIdPattern.test(externalId)
      ? single.parse(await get(`incident/${externalId}`, { sysparm_fields: incidentFields })).result
      : listed.parse(
          await get('incident', {
            sysparm_query: `number=${externalId}`,
            sysparm_fields: incidentFields,
            sysparm_limit: '1',
          }),
        ).result[0];
    if (!row) throw new TicketError(`ServiceNow has no incident ${externalId}`);
    const entries = journal.parse(
      await get('sys_journal_field', {
        sysparm_query: `element_id=${row.sys_id}^element=comments^ORDERBYsys_created_on`,
        sysparm_fields: 'sys_id,value,sys_created_by,sys_created_on',
      }),
    );
    const state = row.state ?? '';
    const now = new Date();
    return {
      acknowledgedAt: dateOf(row.work_start) ?? (workedStates.has(state) ? now : undefined),
      resolvedAt: dateOf(row.resolved_at) ?? (resolvedStates.has(state) ? now : undefined),
      closedAt: dateOf(row.closed_at) ?? (closedStates.has(state) ? now : undefined),
      comments: entries.result.map((entry) => ({
        externalId: entry.sys_id,
        author: entry.sys_created_by ?? 'ServiceNow',
        body: entry.value,
      })),
    };
  },
});

import { z } from 'zod';
import type { OpenedConnection } from '../../../connections/index.ts';
import { oauthToken } from './oauth-token.ts';
import {
  baseUrl,
  defineTicketClient,
  httpCall,
  propertyOf,
  TicketError,
  responderClientConfig,
} from './ticket-client.ts';

const defaultGraph = 'https://graph.microsoft.com';
const defaultAuthority = 'https://login.microsoftonline.com';

/** Planner's own names for its priorities (0 highest … 10 lowest). */
const priorities: Readonly<Record<string, number>> = { urgent: 1, important: 3, medium: 5, low: 9 };

function priorityOf(text: string | undefined): number {
  const value = (text ?? '').trim().toLowerCase();
  const named = priorities[value];
  if (named !== undefined) return named;
  const number = Number(value);
  if (Number.isInteger(number) && number >= 0 && number <= 10) return number;
  throw new TicketError(`priority: ${text ?? ''} is not urgent, important, medium, low or 0-10`);
}

const task = z.looseObject({
  id: z.string(),
  percentComplete: z.number().optional(),
  completedDateTime: z.string().nullable().optional(),
});

/** An azure connection: tenant, client id and secret, client-credentials token for Graph. */
async function bearer(connection: OpenedConnection, signal: AbortSignal) {
  const tenant = propertyOf(connection, 'tenant');
  if (!tenant || !connection.username || !connection.password) {
    throw new TicketError(`connection ${connection.name} needs a tenant, client id and secret`);
  }
  const authority = (propertyOf(connection, 'authority') ?? defaultAuthority).replace(/\/$/, '');
  const graph = baseUrl(connection, defaultGraph);
  const token = await oauthToken(
    `${authority}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
    {
      grant_type: 'client_credentials',
      client_id: connection.username,
      client_secret: connection.password,
      scope: `${graph}/.default`,
    },
    signal,
  );
  return { authorization: `Bearer ${token}` };
}

/** Microsoft Graph v1.0 Planner: POST /planner/tasks (details inline), GET for progress. */
export const msPlannerTickets = defineTicketClient({
  type: 'ms_planner',
  config: responderClientConfig,
  async open({ connection, fields, signal }) {
    const answer = await httpCall(`${baseUrl(connection, defaultGraph)}/v1.0/planner/tasks`, {
      method: 'POST',
      headers: await bearer(connection, signal),
      signal,
      body: {
        planId: fields.plan_id,
        bucketId: fields.bucket_id,
        title: fields.title,
        priority: priorityOf(fields.priority),
        details: { description: fields.description, previewType: 'description' },
      },
    });
    return { externalId: task.parse(answer.body).id };
  },
  async read({ connection, externalId, signal }) {
    const answer = await httpCall(
      `${baseUrl(connection, defaultGraph)}/v1.0/planner/tasks/${encodeURIComponent(externalId)}`,
      { method: 'GET', headers: await bearer(connection, signal), signal },
    );
    const found = task.parse(answer.body);
    const percent = found.percentComplete ?? 0;
    const completed = found.completedDateTime ? new Date(found.completedDateTime) : undefined;
    return {
      acknowledgedAt: percent > 0 ? new Date() : undefined,
      resolvedAt: percent >= 100 ? (completed ?? new Date()) : undefined,
      // Planner keeps comments in the plan group's conversations, not on the task.
      comments: [],
    };
  },
});

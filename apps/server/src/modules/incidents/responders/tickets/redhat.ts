import { z } from 'zod';
import type { OpenedConnection } from '../../../connections/index.ts';
import { oauthToken } from './oauth-token.ts';
import {
  baseUrl,
  defineTicketClient,
  httpCall,
  propertyOf,
  responderClientConfig,
  TicketError,
} from './ticket-client.ts';

const defaultApi = 'https://api.access.redhat.com';
const defaultTokenUrl =
  'https://sso.redhat.com/auth/realms/redhat-external/protocol/openid-connect/token';

const config = responderClientConfig.extend({
  version: z.string().min(1).optional(),
  severity: z.string().min(1).optional(),
});

const created = z.looseObject({ caseNumber: z.string().optional() }).nullable();
const supportCase = z.looseObject({ status: z.string().optional() });
const comments = z.array(
  z.looseObject({
    id: z.string(),
    commentBody: z.string().optional(),
    createdBy: z.string().optional(),
    isPublic: z.boolean().optional(),
  }),
);

/** An offline token (the connection's password) exchanged for an access token (rhsm-api). */
async function bearer(connection: OpenedConnection, signal: AbortSignal) {
  if (!connection.password) throw new TicketError(`connection ${connection.name} has no token`);
  const token = await oauthToken(
    propertyOf(connection, 'tokenUrl') ?? defaultTokenUrl,
    { grant_type: 'refresh_token', client_id: 'rhsm-api', refresh_token: connection.password },
    signal,
  );
  return { authorization: `Bearer ${token}` };
}

/** Red Hat Customer Portal case management API v1: POST /support/v1/cases and its comments. */
export const redhatTickets = defineTicketClient({
  type: 'redhat',
  config,
  async open({ connection, config: options, fields, signal }) {
    const answer = await httpCall(`${baseUrl(connection, defaultApi)}/support/v1/cases`, {
      method: 'POST',
      headers: await bearer(connection, signal),
      signal,
      body: {
        product: fields.product,
        ...(options.version ? { version: options.version } : {}),
        caseType: fields.category,
        summary: fields.description,
        description: fields.body,
        ...(options.severity ? { severity: options.severity } : {}),
      },
    });
    // The API answers 201 with the case's URL in Location; some versions also echo caseNumber.
    const number =
      created.parse(answer.body)?.caseNumber ?? answer.headers.get('location')?.split('/').pop();
    if (!number) throw new TicketError('Red Hat answered no case number');
    return { externalId: number };
  },
  async read({ connection, externalId, signal }) {
    const headers = await bearer(connection, signal);
    const url = `${baseUrl(connection, defaultApi)}/support/v1/cases/${encodeURIComponent(externalId)}`;
    const found = supportCase.parse((await httpCall(url, { method: 'GET', headers, signal })).body);
    const listed = comments.parse(
      (await httpCall(`${url}/comments`, { method: 'GET', headers, signal })).body,
    );
    const status = found.status?.toLowerCase() ?? '';
    const now = new Date();
    return {
      acknowledgedAt:
        status.startsWith('waiting on customer') || status === 'closed' ? now : undefined,
      closedAt: status === 'closed' ? now : undefined,
      comments: listed
        .filter((comment) => comment.isPublic !== false)
        .map((comment) => ({
          externalId: comment.id,
          author: comment.createdBy ?? 'Red Hat',
          body: comment.commentBody ?? '',
        })),
    };
  },
});

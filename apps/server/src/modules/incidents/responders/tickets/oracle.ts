import { z } from 'zod';
import type { OpenedConnection } from '../../../connections/index.ts';
import { ociSign } from './oci-signature.ts';
import {
  baseUrl,
  defineTicketClient,
  propertyOf,
  responderClientConfig,
  TicketError,
} from './ticket-client.ts';

const config = responderClientConfig.extend({
  /** Customer Support Identifier of the support account. */
  csi: z.string().min(1).optional(),
  severity: z.enum(['LOW', 'MEDIUM', 'HIGH', 'HIGHEST']).optional(),
  problemType: z.enum(['TECH', 'ACCOUNT', 'LIMIT', 'LEGACY_LIMIT', 'TAXONOMY']).optional(),
});

const incident = z.looseObject({
  key: z.string(),
  ticket: z
    .looseObject({ lifecycleState: z.string().optional(), lifecycleDetails: z.string().optional() })
    .optional(),
});

async function signedCall(
  connection: OpenedConnection,
  method: 'GET' | 'POST',
  url: URL,
  signal: AbortSignal,
  body?: unknown,
) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = ociSign(connection, {
    method,
    url,
    ...(text === undefined ? {} : { body: text }),
  });
  const response = await fetch(url, {
    method,
    headers: { accept: 'application/json', ...headers },
    ...(text === undefined ? {} : { body: text }),
    signal,
  });
  const answer = await response.text();
  if (!response.ok) {
    throw new TicketError(
      `${method} ${url.pathname} answered ${response.status}: ${answer.slice(0, 300)}`,
    );
  }
  return incident.parse(JSON.parse(answer));
}

/** The tenancy is the compartment support tickets live in. */
function tenancyOf(connection: OpenedConnection): string {
  const tenancy = propertyOf(connection, 'tenancy');
  if (!tenancy) throw new TicketError(`connection ${connection.name} has no tenancy`);
  return tenancy;
}

/**
 * OCI Support (CIMS) incident API 20181231: POST /20181231/incidents with OCI request signing;
 * GET the incident back for its lifecycle. The url is the region's incident management host.
 */
export const oracleTickets = defineTicketClient({
  type: 'oracle',
  config,
  async open({ connection, config: options, fields, signal }) {
    const url = new URL(`${baseUrl(connection)}/20181231/incidents`);
    const created = await signedCall(connection, 'POST', url, signal, {
      compartmentId: tenancyOf(connection),
      ...(options.csi ? { csi: options.csi } : {}),
      problemType: options.problemType ?? 'TECH',
      ticket: {
        severity: options.severity ?? 'MEDIUM',
        title: fields.description,
        description: fields.body,
        resourceList: [
          { item: { type: 'tech', name: fields.product, category: { name: fields.category } } },
        ],
      },
    });
    return { externalId: created.key };
  },
  async read({ connection, externalId, signal }) {
    const url = new URL(
      `${baseUrl(connection)}/20181231/incidents/${encodeURIComponent(externalId)}`,
    );
    url.searchParams.set('compartmentId', tenancyOf(connection));
    const found = await signedCall(connection, 'GET', url, signal);
    const details = found.ticket?.lifecycleDetails ?? '';
    const closed = found.ticket?.lifecycleState === 'CLOSED';
    const now = new Date();
    return {
      acknowledgedAt: details === 'PENDING_WITH_CUSTOMER' || closed ? now : undefined,
      closedAt: closed ? now : undefined,
      comments: [],
    };
  },
});

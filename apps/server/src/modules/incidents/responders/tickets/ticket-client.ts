import type { OpenedConnection } from '../../../connections/index.ts';

/** What a ticket is opened with: the connection, the rendered fields and the incident. */
export interface TicketRequest {
  readonly connection: OpenedConnection;
  /** The responder's properties with templates filled in (spec 002 §3 fields). */
  readonly fields: Readonly<Record<string, string>>;
  readonly incident: { readonly id: string; readonly incident_id: string; readonly title: string };
  readonly signal: AbortSignal;
}

export interface OpenedTicket {
  readonly externalId: string;
}

export interface ExternalComment {
  readonly externalId: string;
  readonly author: string;
  readonly body: string;
}

/** What a ticket's state says about the responder's progress (spec 002 §2 progress track). */
export interface TicketState {
  readonly acknowledgedAt?: Date | undefined;
  readonly resolvedAt?: Date | undefined;
  readonly closedAt?: Date | undefined;
  readonly comments: readonly ExternalComment[];
}

/** One external system a team responder opens tickets in; one file per type. */
export interface TicketClient {
  readonly type: string;
  open(request: TicketRequest): Promise<OpenedTicket>;
  /** Reads the ticket back, where the API allows (comments, acknowledge, signoff, close). */
  read?(
    connection: OpenedConnection,
    externalId: string,
    signal: AbortSignal,
  ): Promise<TicketState>;
}

export class TicketError extends Error {}

export function defineTicketClient(client: TicketClient): TicketClient {
  return client;
}

/** The connection's url without a trailing slash, or a TicketError naming the connection. */
export function baseUrl(connection: OpenedConnection): string {
  if (!connection.url) throw new TicketError(`connection ${connection.name} has no url`);
  const url = new URL(connection.url);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/$/, '');
}

export function basicAuth(connection: OpenedConnection): Record<string, string> {
  if (!connection.username) return {};
  const token = Buffer.from(`${connection.username}:${connection.password ?? ''}`).toString(
    'base64',
  );
  return { authorization: `Basic ${token}` };
}

/** POSTs or GETs JSON; a non-2xx answer is a TicketError with the system's status. */
export async function jsonCall(
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: unknown;
    signal: AbortSignal;
  },
): Promise<unknown> {
  const response = await fetch(url, {
    method: init.method,
    headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: init.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new TicketError(
      `${init.method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return text === '' ? null : JSON.parse(text);
}

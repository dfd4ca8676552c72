import { z } from 'zod';
import type { OpenedConnection } from '../../../connections/index.ts';

/**
 * A team's `spec.responder_clients.<type>` (spec 002 §2): the connection, plus values, defaults
 * and linkUrl for the form. Endpoints and credentials come from the connection only, so a team
 * spec can never send a connection's credentials anywhere but to that connection's own system.
 */
export const responderClientConfig = z.looseObject({
  connection: z.string().regex(/^connection:\/\/[^/]+\/[^/]+$/, 'a connection://namespace/name'),
  linkUrl: z.string().optional(),
});

/** What a ticket is opened with: the connection, the rendered fields and the incident. */
export interface TicketRequest<C = unknown> {
  readonly connection: OpenedConnection;
  /** The team's responder client entry, validated by the type's schema. */
  readonly config: C;
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

export interface TicketRead<C = unknown> {
  readonly connection: OpenedConnection;
  readonly config: C;
  readonly externalId: string;
  readonly signal: AbortSignal;
}

/** One external system a team responder opens tickets in; one file per type. */
export interface TicketClient {
  readonly type: string;
  open(request: TicketRequest): Promise<OpenedTicket>;
  /** Reads the ticket back, where the API allows (comments, acknowledge, signoff, close). */
  read?(request: TicketRead): Promise<TicketState>;
}

interface TicketClientSpec<C> {
  readonly type: string;
  /** The type's `responder_clients` entry: `responderClientConfig` when it needs no more. */
  readonly config: z.ZodType<C>;
  open(request: TicketRequest<C>): Promise<OpenedTicket>;
  read?(request: TicketRead<C>): Promise<TicketState>;
}

export class TicketError extends Error {}

/** Binds a type's config schema: open and read see the entry parsed, or fail naming it. */
export function defineTicketClient<C>(spec: TicketClientSpec<C>): TicketClient {
  const schema = spec.config;
  const configOf = (raw: unknown): C => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    throw new TicketError(
      `spec.responder_clients.${spec.type}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
    );
  };
  return {
    type: spec.type,
    open: (request) => spec.open({ ...request, config: configOf(request.config) }),
    ...(spec.read
      ? { read: (request) => readWith(spec, { ...request, config: configOf(request.config) }) }
      : {}),
  };
}

async function readWith<C>(spec: TicketClientSpec<C>, request: TicketRead<C>) {
  if (!spec.read) throw new TicketError(`${spec.type} tickets cannot be read back`);
  return spec.read(request);
}

/** The connection's url (or `fallback`) without a trailing slash or embedded credentials. */
export function baseUrl(connection: OpenedConnection, fallback?: string): string {
  const raw = connection.url || fallback;
  if (!raw) throw new TicketError(`connection ${connection.name} has no url`);
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/$/, '');
}

/** A connection property as text, or undefined. */
export function propertyOf(connection: OpenedConnection, key: string): string | undefined {
  const value = connection.properties[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function basicAuth(connection: OpenedConnection): Record<string, string> {
  if (!connection.username) return {};
  const token = Buffer.from(`${connection.username}:${connection.password ?? ''}`).toString(
    'base64',
  );
  return { authorization: `Basic ${token}` };
}

export interface JsonAnswer {
  readonly body: unknown;
  readonly headers: Headers;
}

/** Sends JSON (or a form) and answers the parsed body and headers; non-2xx is a TicketError. */
export async function httpCall(
  url: string,
  init: {
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
    headers: Record<string, string>;
    body?: unknown;
    form?: Record<string, string>;
    signal: AbortSignal;
  },
): Promise<JsonAnswer> {
  const body =
    init.form !== undefined
      ? new URLSearchParams(init.form).toString()
      : init.body === undefined
        ? undefined
        : JSON.stringify(init.body);
  const contentType =
    init.form !== undefined ? 'application/x-www-form-urlencoded' : 'application/json';
  const response = await fetch(url, {
    method: init.method,
    headers: { accept: 'application/json', 'content-type': contentType, ...init.headers },
    ...(body === undefined ? {} : { body }),
    signal: init.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new TicketError(
      `${init.method} ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  }
  return { body: text === '' ? null : JSON.parse(text), headers: response.headers };
}

/** POSTs or GETs JSON and answers the parsed body. */
export async function jsonCall(
  url: string,
  init: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: unknown;
    signal: AbortSignal;
  },
): Promise<unknown> {
  return (await httpCall(url, init)).body;
}

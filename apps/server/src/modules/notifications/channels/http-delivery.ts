import { z } from 'zod';
import type { OpenedConnection } from '../../connections/index.ts';

export class DeliveryError extends Error {}

interface Request {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly json?: unknown;
  readonly form?: Record<string, string>;
  readonly text?: string;
  readonly signal: AbortSignal;
}

/**
 * Sends one request and throws on anything but 2xx. The error names only the origin: the
 * path of a webhook URL is often its secret, and errors reach the status pages.
 */
export async function deliver(url: string, request: Request): Promise<string> {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    body = new URLSearchParams(request.form).toString();
  } else if (request.text !== undefined) {
    headers['content-type'] ??= 'text/plain; charset=utf-8';
    body = request.text;
  }
  const method = request.method ?? 'POST';
  const where = `${method} ${originOf(url)}`;
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: request.signal });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new DeliveryError(`${where}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new DeliveryError(
      `${where}: ${response.status} ${response.statusText}${detail ? ` ${detail}` : ''}`,
    );
  }
  return response.text().catch(() => '');
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid URL';
  }
}

/** The url composed on save, with its secrets filled in; without one nothing can be sent. */
export function requiredUrl(connection: OpenedConnection): string {
  const url = (connection.url ?? '').trim();
  if (!url) throw new DeliveryError(`connection ${connection.name} has no URL`);
  return url;
}

/** A string property of the connection (properties are free-form JSON). */
export function property(connection: OpenedConnection, key: string): string | undefined {
  const parsed = z.union([z.string(), z.number()]).safeParse(connection.properties[key]);
  return parsed.success ? String(parsed.data) : undefined;
}

export function requiredProperty(connection: OpenedConnection, key: string): string {
  const value = property(connection, key);
  if (value === undefined || value === '') {
    throw new DeliveryError(`connection ${connection.name} has no ${key}`);
  }
  return value;
}

/** The connection's password, which the form labels as the service's token or key. */
export function requiredPassword(connection: OpenedConnection, what: string): string {
  if (!connection.password) throw new DeliveryError(`connection ${connection.name} has no ${what}`);
  return connection.password;
}

/** A comma-separated property as its non-empty entries. */
export function listProperty(connection: OpenedConnection, key: string): string[] {
  return (property(connection, key) ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The title and body in one text, for services with a single message field. */
export function plainText(message: { title: string; body: string }): string {
  return message.title ? `${message.title}\n\n${message.body}` : message.body;
}

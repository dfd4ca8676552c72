import { can } from '@vigil/domain';
import { z } from 'zod';
import type { Queryable } from '../../platform/db.ts';
import { badRequest } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { endpointRefusal } from './connection-resolver.ts';
import { findConnection } from './connections.repository.ts';

/** A spec object that names a connection and also its own endpoint, e.g. `spec.http[0].url`. */
export interface ConnectionPairing {
  readonly connection: string;
  readonly field: string;
  readonly endpoint: string;
}

const jsonObject = z.record(z.string(), z.unknown());
const reference = /^connection:\/\/([^/]+)\/([^/]+)$/;
/** Fields that say where a consumer connects, in the order consumers prefer them. */
const endpointFields = ['url', 'endpoint', 'addr', 'host'] as const;

/**
 * Every object under `value` that holds a `connection://` reference beside its own url, endpoint,
 * addr or host (with `port` and `scheme` when set).
 */
export function connectionPairings(value: unknown, at: string): ConnectionPairing[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => connectionPairings(item, `${at}[${i}]`));
  const parsed = jsonObject.safeParse(value);
  if (!parsed.success) return [];
  const node = parsed.data;
  const found = Object.entries(node).flatMap(([key, child]) =>
    key === 'connection' ? [] : connectionPairings(child, `${at}.${key}`),
  );
  const connection = node.connection;
  if (typeof connection !== 'string' || !reference.test(connection)) return found;
  const own = endpointFields.find((key) => typeof node[key] === 'string' && node[key] !== '');
  const port = typeof node.port === 'number' || typeof node.port === 'string' ? node.port : '';
  const scheme = typeof node.scheme === 'string' ? node.scheme : '';
  if (own !== undefined) {
    const text = String(node[own]);
    const withScheme = scheme && !text.includes('://') ? `${scheme}://${text}` : text;
    const endpoint = port !== '' && own === 'host' ? `${withScheme}:${port}` : withScheme;
    return [...found, { connection, field: `${at}.${own}`, endpoint }];
  }
  if (port !== '' || scheme !== '') {
    const field = port !== '' ? `${at}.port` : `${at}.scheme`;
    return [...found, { connection, field, endpoint: `${scheme || 'tcp'}://:${port}` }];
  }
  return found;
}

/** The folder check's `path: sftp://host/…` is where its sftpConnection's credentials go. */
export function sftpPathPairing(check: unknown, at: string): ConnectionPairing[] {
  const fields = jsonObject.safeParse(check);
  const path = fields.data?.path;
  if (typeof path !== 'string' || !/^sftp:\/\//i.test(path)) return [];
  const connection = jsonObject.safeParse(fields.data?.sftpConnection).data?.connection;
  if (typeof connection !== 'string' || !reference.test(connection)) return [];
  return [{ connection, field: `${at}.path`, endpoint: path }];
}

/** Whoever may write connections (admin) may also decide where their credentials go. */
export function mayPairConnections(actor: Actor): boolean {
  return actor.kind !== 'anonymous' && can(actor.roles, ['connections'], 'write');
}

/**
 * Refuses (400, naming the field) a spec that sends a connection's credentials to an endpoint
 * other than the connection's own, unless the writer may write connections. A connection that
 * does not exist yet is left to the run, which reports it.
 */
export async function refuseForeignPairings(
  db: Queryable,
  actor: Actor,
  pairings: readonly ConnectionPairing[],
): Promise<void> {
  if (pairings.length === 0 || mayPairConnections(actor)) return;
  for (const pairing of pairings) {
    const [, namespace = '', name = ''] = reference.exec(pairing.connection) ?? [];
    const row = await findConnection(db, namespace, name);
    if (!row) continue;
    const refused = endpointRefusal(pairing.connection, row.url, pairing.endpoint);
    if (refused) throw badRequest(`${pairing.field}: ${refused}`);
  }
}

import type { Database } from '../../platform/db.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { findConnection } from './connections.repository.ts';

/** A connection with its secrets opened, for the process that uses it (never for a client). */
export interface OpenedConnection {
  readonly name: string;
  readonly namespace: string;
  readonly type: string;
  readonly url: string | null;
  readonly username: string | null;
  readonly password: string | null;
  readonly certificate: string | null;
  readonly insecureTls: boolean;
  readonly properties: Readonly<Record<string, unknown>>;
}

export class ConnectionNotFound extends Error {}

const reference = /^connection:\/\/([^/]+)\/([^/]+)$/;

/**
 * Resolves `connection://namespace/name`. Password and certificate are stored sealed
 * (AES-256-GCM under VIGIL_SECRET_KEY); a value that is not sealed is used as written.
 */
export function createConnectionResolver(db: Database, sealer: Sealer) {
  const open = (value: string | null): string | null => {
    if (value === null || !value.startsWith('v1.')) return value;
    return sealer.open(value);
  };
  return async (ref: string): Promise<OpenedConnection> => {
    const match = reference.exec(ref);
    if (!match)
      throw new ConnectionNotFound(`${ref} is not a connection://namespace/name reference`);
    const [, namespace = '', name = ''] = match;
    const row = await findConnection(db.pool, namespace, name);
    if (!row) throw new ConnectionNotFound(`connection ${namespace}/${name} was not found`);
    return {
      name: row.name,
      namespace: row.namespace,
      type: row.type,
      url: row.url,
      username: row.username,
      password: open(row.password),
      certificate: open(row.certificate),
      insecureTls: row.insecure_tls,
      properties: row.properties,
    };
  };
}

export type ConnectionResolver = ReturnType<typeof createConnectionResolver>;

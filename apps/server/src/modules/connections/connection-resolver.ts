import { connectionTypeDefinition, connectionTypeSchema } from '@vigil/domain';
import type { Database } from '../../platform/db.ts';
import type { Sealer } from '../../platform/crypto.ts';
import { createValueResolver, type ValueResolver } from '../../platform/values/values.ts';
import { describeEndpoint, sameEndpoint } from './connection-endpoint.ts';
import { createSecretOpener, type SecretOpener } from '../../platform/values/secret-opener.ts';
import { findConnection, type ConnectionRow } from './connections.repository.ts';

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

/** A consumer would send a connection's credentials to an endpoint other than its own. */
export class ConnectionEndpointRefused extends Error {}

/** How a consumer means to use a connection. */
export interface ConnectionUse {
  /** The consumer's own url/host that it will contact instead of the connection's url. */
  readonly endpoint?: string | undefined;
  /** Its spec was written by someone who may write connections (docs/connections.md). */
  readonly approved?: boolean;
}

const reference = /^connection:\/\/([^/]+)\/([^/]+)$/;

/**
 * Resolves `connection://namespace/name`. Password and certificate are stored sealed
 * (AES-256-GCM under VIGIL_SECRET_KEY) or as Secret/ConfigMap references.
 */
export function createConnectionResolver(
  db: Database,
  sealer: Sealer,
  values: ValueResolver = createValueResolver(undefined),
) {
  const open = createSecretOpener(sealer, values);
  return async (ref: string, use: ConnectionUse = {}): Promise<OpenedConnection> => {
    const match = reference.exec(ref);
    if (!match)
      throw new ConnectionNotFound(`${ref} is not a connection://namespace/name reference`);
    const [, namespace = '', name = ''] = match;
    const row = await findConnection(db.pool, namespace, name);
    if (!row) throw new ConnectionNotFound(`connection ${namespace}/${name} was not found`);
    const refused = use.approved ? undefined : endpointRefusal(ref, row.url, use.endpoint);
    if (refused) throw new ConnectionEndpointRefused(refused);
    return openConnection(row, open);
  };
}

export type ConnectionResolver = ReturnType<typeof createConnectionResolver>;

/**
 * A connection's credentials go only to its own endpoint (scheme, host, port): why `endpoint`
 * may not be paired with the connection at `ref`, or undefined when it may.
 */
export function endpointRefusal(
  ref: string,
  connectionUrl: string | null,
  endpoint: string | undefined,
): string | undefined {
  if (endpoint === undefined) return undefined;
  if (connectionUrl !== null && sameEndpoint(endpoint, connectionUrl)) return undefined;
  const own = connectionUrl === null ? 'it has no url' : describeEndpoint(connectionUrl);
  return (
    `${describeEndpoint(endpoint)} is not the endpoint of ${ref} (${own}): ` +
    "a connection's credentials are only sent to its own endpoint"
  );
}

/** Opens a stored row; a composed url (notification types) gets its secrets filled in. */
export async function openConnection(
  row: ConnectionRow,
  open: SecretOpener,
): Promise<OpenedConnection> {
  const username = await open(row.username);
  const password = await open(row.password);
  const type = connectionTypeSchema.safeParse(row.type);
  const composed = type.success && connectionTypeDefinition(type.data).composeUrl !== undefined;
  return {
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    url:
      row.url === null
        ? null
        : composed
          ? fillSecrets(row.url, username, password)
          : fillUserInfo(row.url, username, password),
    username,
    password,
    certificate: await open(row.certificate),
    insecureTls: row.insecure_tls,
    properties: row.properties,
  };
}

/** `$(password)` in a url's user info (where the write hook keeps a url's password), encoded. */
function fillUserInfo(url: string, username: string | null, password: string | null): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^@/?#]*@/i, (userInfo) =>
    userInfo
      .replaceAll('$(username)', encodeURIComponent(username ?? ''))
      .replaceAll('$(password)', encodeURIComponent(password ?? '')),
  );
}

/**
 * `$(username)` / `$(password)` in a composed url (always in its path or query): `/` stays, as
 * webhook paths need it; `:` and `@` stay, as Telegram tokens (`123:ABC`) and Teams paths
 * (`…@…`) are sent as written.
 */
function fillSecrets(url: string, username: string | null, password: string | null): string {
  const encode = (value: string | null) =>
    encodeURIComponent(value ?? '')
      .replaceAll('%2F', '/')
      .replaceAll('%3A', ':')
      .replaceAll('%40', '@');
  return url
    .replaceAll('$(username)', encode(username))
    .replaceAll('$(password)', encode(password));
}

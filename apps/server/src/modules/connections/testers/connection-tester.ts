import type { ConnectionType } from '@vigil/domain';
import type { OpenedConnection } from '../connection-resolver.ts';

/** What a tester may use besides the connection: its time limit. */
export interface TestContext {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
}

/** One connection type's test: connect for real, and throw the target's own error if not. */
export interface ConnectionTester {
  readonly type: ConnectionType;
  test(connection: OpenedConnection, ctx: TestContext): Promise<void>;
}

/** The target refused or could not be reached; the message is shown to the operator. */
export class ConnectionTestFailed extends Error {}

/** This connection cannot be tested here, e.g. git over SSH. */
export class ConnectionTestUnsupported extends Error {}

/** A property as text, or undefined when it is missing or empty. */
export function textProperty(connection: OpenedConnection, name: string): string | undefined {
  const value = connection.properties[name];
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function requireUrl(connection: OpenedConnection): string {
  if (connection.url === null || connection.url === '') {
    throw new ConnectionTestFailed('The connection has no URL');
  }
  return connection.url;
}

import type { OpenedConnection } from '../connection-resolver.ts';
import { hookOf } from '../../health/index.ts';
import { checkTypes } from '../../health/index.ts';
import { ConnectionTestFailed, type TestContext } from './connection-tester.ts';

/**
 * Tests a connection by running the health check of its kind once against it, so that a
 * connection and the checks that use it connect the same way.
 */
export async function probeWithCheck(
  checkType: string,
  spec: Record<string, unknown>,
  connection: OpenedConnection,
  ctx: TestContext,
): Promise<void> {
  const entry = checkTypes.get(checkType);
  if (!entry) throw new Error(`check type ${checkType} is not registered`);
  const reference = `connection://${connection.namespace}/${connection.name}`;
  const prepared = entry.prepare({ name: 'connection-test', connection: reference, ...spec });
  const hook = hookOf(ctx.signal);
  const outcome = await prepared.run({
    signal: ctx.signal,
    whenAborted: (listener) => hook.whenAborted(listener),
    timeoutMs: ctx.timeoutMs,
    namespace: connection.namespace,
    connection: () => Promise.resolve(connection),
    // Secrets were resolved with the connection; a test adds none of its own.
    resolveValue: (value) => Promise.resolve(typeof value === 'string' ? value : value?.value),
  });
  if (!outcome.pass) {
    throw new ConnectionTestFailed(
      outcome.error ?? outcome.message ?? 'Testing connection failed!',
    );
  }
}

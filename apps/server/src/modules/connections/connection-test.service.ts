import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import { DomainError, badRequest, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { authorise } from '../../platform/http/authorise.ts';
import { CheckConfigError } from '../../platform/values/env-var.ts';
import { openConnection } from './connection-resolver.ts';
import type { SecretOpener } from '../../platform/values/secret-opener.ts';
import { findConnectionById } from './connections.repository.ts';
import {
  ConnectionTestFailed,
  ConnectionTestUnsupported,
  type ConnectionTester,
} from './testers/connection-tester.ts';

export const notSupportedMessage = 'We currently do not support testing this connection type';

const notSupported = (): DomainError => new DomainError('not_implemented', notSupportedMessage);
const testFailed = (message: string): DomainError =>
  new DomainError('connection_test_failed', message, null, 'Testing connection failed!');

export interface ConnectionTestSettings {
  /** How long one test may take before it is reported as failed. */
  readonly timeoutMs: number;
}

/** POST /api/connection/test/{id}: connects to the target for real with the stored secrets. */
export function createConnectionTestService(
  db: Database,
  open: SecretOpener,
  testers: ReadonlyMap<string, ConnectionTester>,
  settings: ConnectionTestSettings = { timeoutMs: 15_000 },
) {
  return {
    async test(actor: Actor, id: unknown): Promise<{ message: 'ok' }> {
      authorise(actor, 'connections', 'read');
      const parsed = z.uuid().safeParse(id);
      if (!parsed.success) throw badRequest('id must be a connection id (a UUID)');
      const row = await findConnectionById(db.pool, parsed.data);
      if (!row) throw notFound(`connection ${parsed.data} was not found`);
      const tester = testers.get(row.type);
      if (!tester) throw notSupported();
      const connection = await openConnection(row, open).catch((error: unknown) => {
        if (error instanceof CheckConfigError) throw testFailed(error.message);
        throw testFailed('A stored secret cannot be opened: was VIGIL_SECRET_KEY changed?');
      });
      try {
        const signal = AbortSignal.timeout(settings.timeoutMs);
        await tester.test(connection, { signal, timeoutMs: settings.timeoutMs });
      } catch (error) {
        if (error instanceof ConnectionTestUnsupported) throw notSupported();
        if (error instanceof ConnectionTestFailed || error instanceof CheckConfigError) {
          throw testFailed(error.message);
        }
        if (error instanceof Error && error.name === 'TimeoutError') {
          throw testFailed(`no answer within ${settings.timeoutMs} ms`);
        }
        throw error;
      }
      return { message: 'ok' };
    },
  };
}

export type ConnectionTestService = ReturnType<typeof createConnectionTestService>;

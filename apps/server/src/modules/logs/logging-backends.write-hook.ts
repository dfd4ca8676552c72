import { z } from 'zod';
import { specResourceWrites } from '../../data-api/spec-write-hook.ts';
import { defineWriteHook, type WriteContext } from '../../data-api/write-hooks.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  connectionPairings,
  mayPairConnections,
  refuseForeignPairings,
} from '../connections/index.ts';
import { parseLoggingBackendSpec } from './logging-backend-spec.ts';

type Row = Record<string, unknown>;

/**
 * The one write path of logging backends (data API, Kubernetes-style API, `vigil apply`): the
 * spec is validated before anything is written, naming the field; connection pairings obey
 * docs/connections.md; a `file` or `journal` backend reads the server's own files, so only an
 * admin may add one.
 */
export const loggingBackendsWriteHook = defineWriteHook({
  schema: z.object({ id: z.string() }),
  ...specResourceWrites(withSpec),
});

async function withSpec(ctx: WriteContext, given: Row): Promise<Row> {
  const row = { ...given };
  delete row.connection_pairing_approved;
  const parsed = parseLoggingBackendSpec(row.spec);
  if (!parsed.ok) throw badRequest(parsed.message);
  const localAt = parsed.backends.findIndex((backend) => backend.readsServer);
  const local = parsed.backends[localAt];
  if (local !== undefined && !mayPairConnections(ctx.actor)) {
    throw badRequest(
      `spec.backends[${localAt}].${local.kind}: reading files on the server needs write access to connections`,
    );
  }
  await refuseForeignPairings(ctx.client, ctx.actor, connectionPairings(row.spec, 'spec'));
  return { ...row, connection_pairing_approved: mayPairConnections(ctx.actor) };
}

import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const teamSpec = z.looseObject({
  responder_clients: z.record(z.string(), z.unknown()).optional(),
});

/** The responder types a team configured in spec.responder_clients; undefined: no such team. */
export async function teamResponderClients(
  client: Queryable,
  teamId: string,
): Promise<string[] | undefined> {
  const found = await client.query<{ spec: unknown }>(
    'select spec from teams where id = $1 and deleted_at is null',
    [teamId],
  );
  if (found.rows.length === 0) return undefined;
  const spec = teamSpec.safeParse(found.rows[0]?.spec);
  return spec.success ? Object.keys(spec.data.responder_clients ?? {}) : [];
}

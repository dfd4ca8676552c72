import { z } from 'zod';
import type { Queryable } from '../../../platform/db.ts';

const providerRow = z.object({
  provider: z.string(),
  label: z.string(),
  issuer_url: z.string(),
  client_id: z.string(),
  client_secret: z.string(),
  scopes: z.string(),
});
export type ProviderRecord = z.infer<typeof providerRow>;

const columns = 'provider, label, issuer_url, client_id, client_secret, scopes';

export async function listEnabledProviders(db: Queryable): Promise<ProviderRecord[]> {
  const result = await db.query(
    `select ${columns} from identity_providers where enabled order by label`,
  );
  return result.rows.map((row) => providerRow.parse(row));
}

export async function findEnabledProvider(
  db: Queryable,
  provider: string,
): Promise<ProviderRecord | undefined> {
  const result = await db.query(
    `select ${columns} from identity_providers where provider = $1 and enabled`,
    [provider],
  );
  return result.rows[0] === undefined ? undefined : providerRow.parse(result.rows[0]);
}

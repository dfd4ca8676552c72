import type { Logger } from 'pino';
import { z } from 'zod';
import { readDocuments } from '../../../platform/manifests/read-documents.ts';
import type { Database } from '../../../platform/db.ts';
import { ConfigError } from '../../../platform/config.ts';
import { retireCanariesExcept, storeCanary } from './local-canaries.repository.ts';
import { toLocalCanary } from './local-canary.ts';

const canaryDocument = z.object({
  kind: z.literal('Canary'),
  metadata: z.object({
    name: z.string().min(1).max(255),
    namespace: z.string().min(1).max(255).default('default'),
    labels: z.record(z.string(), z.string()).default({}),
  }),
  spec: z.record(z.string(), z.unknown()),
});

/**
 * Loads the Canary manifests of `--canaries` (files or a directory, as `vigil apply -f`) into
 * the agent's database, and retires local canaries no longer declared. A bad file stops the
 * agent at start with its name and field, as apply would.
 */
export async function loadCanaryFiles(
  db: Database,
  location: string | undefined,
  log: Logger,
): Promise<number> {
  const documents = location ? await readDocuments([location], () => []) : [];
  const now = Date.now();
  const canaries = documents.map(({ source, value }) => {
    const parsed = canaryDocument.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(
        `${source}: ${issue?.path.join('.') || 'document'}: ${issue?.message ?? 'not a Canary'}`,
      );
    }
    const { metadata, spec } = parsed.data;
    const canary = toLocalCanary(
      { ...metadata, spec, icon: null, source: `file://${source}` },
      now,
    );
    if ('problem' in canary)
      throw new ConfigError(`${source}: ${metadata.name}: ${canary.problem}`);
    return canary;
  });
  const stored = await db.transaction(async (client) => {
    const ids: string[] = [];
    for (const canary of canaries) ids.push(await storeCanary(client, canary));
    const retired = await retireCanariesExcept(client, 'files', ids);
    return { ids, retired };
  });
  log.info(
    { canaries: stored.ids.length, retired: stored.retired, location: location ?? null },
    'local canaries loaded',
  );
  return stored.ids.length;
}

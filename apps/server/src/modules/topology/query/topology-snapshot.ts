import { strToU8, zipSync } from 'fflate';
import { topologyQuerySchema } from '@vigil/domain';
import type { Database } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { queryTopology } from './topology-query.service.ts';
import { componentName } from './topology-query.repository.ts';
import { snapshotRows } from './topology-snapshot.repository.ts';

export interface Snapshot {
  readonly fileName: string;
  readonly zip: Uint8Array;
}

/**
 * `{name}-snapshot.zip`: the component tree, its checks with their status history since
 * `start`, the linked configs with their changes, and (with `related`) related components.
 */
export async function topologySnapshot(
  db: Database,
  id: string,
  start: Date,
  related: boolean,
): Promise<Snapshot> {
  const name = await componentName(db.pool, id);
  if (name === undefined) throw notFound(`component ${id} was not found`);
  const tree: unknown = JSON.parse(
    await queryTopology(db, topologyQuerySchema.parse({ id, hidden: 'true' })),
  );
  const rows = await snapshotRows(db.pool, id, start, related);
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const zip = zipSync({
    'topology.json': json(tree),
    'checks.json': json(rows.checks),
    'check-statuses.json': json(rows.checkStatuses),
    'configs.json': json(rows.configs),
    'config-changes.json': json(rows.changes),
    ...(related ? { 'related-components.json': json(rows.related) } : {}),
  });
  return { fileName: `${name.replace(/[^\w.-]+/g, '_')}-snapshot.zip`, zip };
}

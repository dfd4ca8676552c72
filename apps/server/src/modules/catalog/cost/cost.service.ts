import type { S3Client } from '@aws-sdk/client-s3';
import type { Database } from '../../../platform/db.ts';
import { inBatches } from '../retention/batches.ts';
import { recordRetentionRun } from '../retention/retention.repository.ts';
import { readCurCosts, type CurLocation, type ResourceCost } from './aws-cur.ts';
import { applyAccountCosts, applyCosts, type CostRow } from './cost.repository.ts';

/** The job history name of a cost sync from an AWS Cost and Usage Report. */
export const awsCurCostJobName = 'CatalogCostAwsCur';

export interface CostSyncOutcome {
  readonly files: number;
  readonly lines: number;
  readonly resources: number;
  readonly matched: number;
  readonly accounts: number;
}

function toRow(cost: ResourceCost): CostRow {
  return {
    keys: [`${cost.productCode}/${cost.resourceId}`, cost.resourceId],
    // config-db: the last hour's cost spread over its minutes.
    cost_per_minute: cost.cost1h / 60,
    cost_total_1d: cost.cost1d,
    cost_total_7d: cost.cost7d,
    cost_total_30d: cost.cost30d,
  };
}

/**
 * Reads the CUR under the location and writes cost_per_minute and cost_total_1d/7d/30d on the
 * items whose external ids name the resource, one transaction per batch. What matches no item
 * is summed into its account's `AWS::::Account` item. Recorded in job history.
 */
export async function syncAwsCurCosts(
  db: Database,
  s3: S3Client,
  location: CurLocation,
  now: number,
  batchSize = 1000,
): Promise<CostSyncOutcome> {
  const start = new Date();
  try {
    const report = await readCurCosts(s3, location, now);
    let matched = 0;
    const unmatched: ResourceCost[] = [];
    for (let i = 0; i < report.resources.length; i += batchSize) {
      const slice = report.resources.slice(i, i + batchSize);
      const hits = await db.transaction((client) => applyCosts(client, slice.map(toRow)));
      matched += hits.size;
      slice.forEach((cost, n) => void (hits.has(n) || unmatched.push(cost)));
    }
    const byAccount = new Map<string, Omit<CostRow, 'keys'>>();
    for (const cost of unmatched) {
      const row = toRow(cost);
      const sum = byAccount.get(cost.accountId);
      byAccount.set(cost.accountId, {
        cost_per_minute: (sum?.cost_per_minute ?? 0) + row.cost_per_minute,
        cost_total_1d: (sum?.cost_total_1d ?? 0) + row.cost_total_1d,
        cost_total_7d: (sum?.cost_total_7d ?? 0) + row.cost_total_7d,
        cost_total_30d: (sum?.cost_total_30d ?? 0) + row.cost_total_30d,
      });
    }
    const accountIds = [...byAccount.keys()];
    let accounts = 0;
    await inBatches(db, batchSize, async (client) => {
      const ids = accountIds.splice(0, batchSize);
      for (const id of ids) {
        const costs = byAccount.get(id);
        if (costs) accounts += await applyAccountCosts(client, id, costs);
      }
      return ids.length;
    });
    const outcome = {
      files: report.files,
      lines: report.lines,
      resources: report.resources.length,
      matched,
      accounts,
    };
    await recordRetentionRun(db.pool, {
      name: awsCurCostJobName,
      status: 'SUCCESS',
      start,
      end: new Date(),
      summary: { ...outcome },
      successCount: matched + accounts,
      errors: [],
      skipped: [],
    });
    return outcome;
  } catch (error) {
    await recordRetentionRun(db.pool, {
      name: awsCurCostJobName,
      status: 'FAILED',
      start,
      end: new Date(),
      summary: {},
      errors: [error instanceof Error ? error.message : String(error)],
      skipped: [],
    });
    throw error;
  }
}

import type { CheckResult } from '../../apps/server/src/modules/health/history/check-result.ts';
import { writeResults } from '../../apps/server/src/modules/health/history/results.repository.ts';
import type { Database } from '../../apps/server/src/platform/db.ts';
import { insertCatalog, listChecks } from './summary-catalog.ts';

const runsPerCheck = 12;
const intervalMs = 300_000;

/**
 * `canaries` × `checksPerCanary` checks with labels, and an hour of runs each written by the
 * engine's own writer, so the dashboard shows real statuses, uptime and latency: one check in
 * ten fails every run, one in twenty flaps, the rest pass.
 */
export async function seedDashboard(
  db: Database,
  canaries: number,
  checksPerCanary: number,
): Promise<number> {
  const now = Date.now();
  await insertCatalog(db.pool, canaries, checksPerCanary, new Date(now - 2 * 3_600_000));
  const checks = await listChecks(db.pool);
  const results: CheckResult[] = [];
  checks.forEach((check, index) => {
    for (let k = runsPerCheck; k >= 1; k--) {
      const time = now - k * intervalMs + (index % 300) * 1000;
      const pass = index % 10 === 3 ? false : index % 20 === 7 ? k % 2 === 0 : true;
      results.push({
        checkId: check.id,
        canaryId: check.canaryId,
        checkName: check.name,
        time: new Date(time),
        duration: 20 + ((index * 7 + k * 13) % 400),
        pass,
        invalid: false,
        message: null,
        error: pass ? null : 'connection refused',
        detail: null,
        nextRuntime: new Date(time + intervalMs),
      });
    }
  });
  results.sort((a, b) => a.time.getTime() - b.time.getTime());
  for (let i = 0; i < results.length; i += 2000) {
    const batch = results.slice(i, i + 2000);
    await db.transaction((client) => writeResults(client, batch, []));
  }
  return checks.length;
}

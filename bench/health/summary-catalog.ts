import { localAgentId } from '@vigil/domain';
import type pg from 'pg';
import { parseCanarySpec } from '../../apps/server/src/modules/health/canaries/canary-spec.ts';
import { syncChecks } from '../../apps/server/src/modules/health/canaries/checks.repository.ts';

const teams = ['payments', 'platform', 'storefront', 'data', 'identity', 'growth', 'sre'];
const envs = ['production', 'staging', 'development'];
const regions = ['eu-west-1', 'us-east-1', 'us-west-2', 'ap-southeast-1'];

/** A canary-checker Canary spec: 70% http and 30% tcp checks, every 5 minutes, with labels. */
export function canarySpec(canary: number, checks: number): Record<string, unknown> {
  const http: unknown[] = [];
  const tcp: unknown[] = [];
  for (let j = 0; j < checks; j++) {
    const n = canary * checks + j;
    const name = `svc-${canary}-${j}`;
    const labels = {
      team: teams[n % teams.length] ?? 'sre',
      env: envs[Math.floor(n / 7) % envs.length] ?? 'production',
      region: regions[Math.floor(n / 3) % regions.length] ?? 'eu-west-1',
      tier: j % 5 === 0 ? 'critical' : 'standard',
    };
    if (j % 10 < 7) {
      http.push({ name, url: `https://${name}.example.com/healthz`, responseCodes: [200], labels });
    } else {
      tcp.push({ name, endpoint: `${name}.example.com:5432`, labels });
    }
  }
  return { interval: 300, http, tcp };
}

/**
 * Canaries inserted directly, their checks derived from the validated spec by the same
 * function the canaries write hook uses. Everything was created when the history starts.
 */
export async function insertCatalog(
  db: pg.Pool,
  canaries: number,
  checksPerCanary: number,
  createdAt: Date,
): Promise<void> {
  for (let c = 0; c < canaries; c++) {
    const spec = canarySpec(c, checksPerCanary);
    const parsed = parseCanarySpec(spec);
    if (!parsed.ok) throw new Error(`bench canary spec: ${parsed.field} ${parsed.message}`);
    const namespace = `team-${teams[c % teams.length] ?? 'sre'}`;
    const inserted = await db.query<{ id: string }>(
      `insert into canaries (name, namespace, labels, spec, source, schedule, agent_id, created_at)
       values ($1, $2, $3, $4, 'bench', $5, $6, $7) returning id`,
      [
        `canary-${c}`,
        namespace,
        { owner: namespace },
        spec,
        parsed.schedule,
        localAgentId,
        createdAt,
      ],
    );
    const id = inserted.rows[0]?.id;
    if (!id) throw new Error('bench: the canary insert returned no id');
    await syncChecks(db, { id, namespace, agentId: localAgentId }, parsed.checks);
  }
  await db.query('update checks set created_at = $1', [createdAt]);
}

export interface CatalogCheck {
  readonly id: string;
  readonly canaryId: string;
  readonly name: string;
}

export async function listChecks(db: pg.Pool): Promise<CatalogCheck[]> {
  const found = await db.query<{ id: string; canary_id: string; name: string }>(
    'select id, canary_id, name from checks order by id',
  );
  return found.rows.map((row) => ({ id: row.id, canaryId: row.canary_id, name: row.name }));
}

import type { Role } from '@vigil/domain';
import { z } from 'zod';
import { testActorHeader, type TestApp } from '../app.ts';

export const ids = {
  agent: '01900000-0000-7000-8000-0000000000a1',
  canary: '01900000-0000-7000-8000-0000000000c1',
  topology: '01900000-0000-7000-8000-0000000000d1',
  scraper: '01900000-0000-7000-8000-0000000000e1',
  goneCanary: '01900000-0000-7000-8000-0000000000f1',
} as const;

export interface SeedRun {
  readonly name: string;
  readonly status: string;
  readonly resourceType?: string;
  readonly resourceId?: string;
  readonly resourceName?: string;
  readonly agentId?: string;
  readonly durationMs?: number;
  readonly ageMs: number;
  readonly details?: unknown;
}

/** Inserts runs as the engines do: created_at and time_start ageMs before now. */
export async function seedRuns(app: TestApp, runs: readonly SeedRun[]): Promise<void> {
  const now = Date.now();
  for (const run of runs) {
    await app.database.db.pool.query(
      `insert into job_history (name, status, resource_type, resource_id, resource_name, agent_id,
         duration_millis, details, time_start, created_at)
       values ($1, $2, $3, $4, $5, coalesce($6::uuid, '00000000-0000-0000-0000-000000000000'),
               $7, $8, $9, $9)`,
      [
        run.name,
        run.status,
        run.resourceType ?? null,
        run.resourceId ?? null,
        run.resourceName ?? null,
        run.agentId ?? null,
        run.durationMs ?? null,
        run.details ?? null,
        new Date(now - run.ageMs),
      ],
    );
  }
}

export async function seedResources(app: TestApp): Promise<void> {
  await app.database.db.pool.query(`
    insert into agents (id, name) values ('${ids.agent}', 'eu-cluster');
    insert into canaries (id, name, spec) values ('${ids.canary}', 'payments-api', '{}');
    insert into topologies (id, name, spec) values ('${ids.topology}', 'cluster-map', '{}');
    insert into config_scrapers (id, name, spec) values ('${ids.scraper}', 'kubernetes', '{}');`);
}

export interface Answer {
  readonly status: number;
  readonly json: unknown;
  readonly headers: Headers;
}

/** A data API call as a role (or anonymously), asking for an exact count as the page does. */
export async function dbCall(
  app: TestApp,
  path: string,
  role: Role | 'anonymous',
  init: { method?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { prefer: 'count=exact' };
  if (role !== 'anonymous') headers[testActorHeader] = role;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${app.baseUrl}/api/db/${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

const rowSchema = z.looseObject({ id: z.string().optional(), name: z.string() });

export function rowsOf(answer: Answer): Array<z.infer<typeof rowSchema>> {
  return z.array(rowSchema).parse(answer.json);
}

export function errorCode(answer: Answer): string {
  return z.object({ code: z.string(), message: z.string() }).parse(answer.json).code;
}

export async function countRuns(app: TestApp, where = 'true'): Promise<number> {
  const found = await app.database.db.pool.query<{ n: string }>(
    `select count(*) as n from job_history where ${where}`,
  );
  return Number(found.rows[0]?.n ?? 0);
}

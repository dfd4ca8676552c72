import type pg from 'pg';
import type { ApiClient } from './api-client.ts';

/** Namespaces keep the measured load apart from the canaries the probes add and edit. */
export const namespaces = { load: 'bench', edited: 'bench-edit', added: 'bench-added' } as const;

export function canaryRow(namespace: string, name: string, schedule: string, url: string) {
  return { name, namespace, spec: { schedule, http: [{ name: 'home', url }] } };
}

/**
 * Creates `count` one-check canaries through the data API, `batch` rows per POST, until done
 * or until `deadline` or a batch without an answer (an overloaded server can take minutes per
 * batch); returns how many were acknowledged.
 */
export async function createCanaries(
  api: ApiClient,
  namespace: string,
  count: number,
  batch: number,
  schedule: string,
  url: string,
  deadline: number,
  onBatch: (created: number, ms: number) => void = () => undefined,
): Promise<number> {
  let created = 0;
  for (let start = 0; start < count && Date.now() < deadline; start += batch) {
    const started = performance.now();
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push(canaryRow(namespace, `c-${i}`, schedule, url));
    }
    const answer = await api
      .request('POST', '/api/db/canaries', rows, 'return=minimal')
      .catch((error: unknown) => {
        // An overloaded server that stops answering ends creation; the window shows why.
        onBatch(-1, performance.now() - started);
        console.error(`bench: creation stopped: ${String(error)}`);
        return undefined;
      });
    if (!answer) break;
    if (answer.status !== 201) {
      throw new Error(`bulk create answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    }
    created += rows.length;
    onBatch(created, performance.now() - started);
  }
  return created;
}

export interface ProbeTimes {
  readonly add: number[];
  readonly edit: number[];
  readonly failures: string[];
}

/**
 * Until `until`, every `everyMs`: times one POST of a new canary and one PATCH of an existing
 * canary's spec, as an admin would from the console while the scheduler is under load.
 */
export async function probeWrites(
  api: ApiClient,
  editIds: readonly string[],
  schedule: string,
  url: string,
  everyMs: number,
  until: number,
): Promise<ProbeTimes> {
  const times: ProbeTimes = { add: [], edit: [], failures: [] };
  for (let n = 0; Date.now() + everyMs <= until; n++) {
    const tickAt = Date.now() + everyMs;
    const row = canaryRow(namespaces.added, `added-${n}`, schedule, url);
    await timed(times.add, times.failures, 201, () =>
      api.request('POST', '/api/db/canaries', row, 'return=minimal'),
    );
    const id = editIds[n % editIds.length] ?? '';
    const spec = { schedule, http: [{ name: 'home', url: `${url}?edit=${n}` }] };
    await timed(times.edit, times.failures, 204, () =>
      api.request('PATCH', `/api/db/canaries?id=eq.${id}`, { spec }),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tickAt - Date.now())));
  }
  return times;
}

async function timed(
  into: number[],
  failures: string[],
  expected: number,
  call: () => Promise<{ status: number; body: string }>,
): Promise<void> {
  const started = performance.now();
  try {
    const answer = await call();
    into.push(performance.now() - started);
    if (answer.status !== expected) failures.push(`${answer.status}: ${answer.body.slice(0, 200)}`);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
}

/** Canaries in a namespace, once the count holds still for 5 s (a timed-out batch may commit). */
export async function countCanaries(db: pg.Client, namespace: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 24; i++) {
    const found = await db.query<{ n: string }>(
      'select count(*) as n from canaries where namespace = $1 and deleted_at is null',
      [namespace],
    );
    const count = Number(found.rows[0]?.n ?? 0);
    if (count === last) return count;
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  return last;
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { z } from 'zod';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';
import { httpGet } from './http-client.ts';
import { startInProcessApi } from './in-process-api.ts';
import { stats } from './measure.ts';
import { signInViewer } from './session.ts';

/**
 * Issue #21's command palette goal: `GET /api/search` answers within 100 ms at 10,000 checks
 * (median over every query shape the palette sends while a person types), as a viewer.
 */
const checks = Number(process.env.BENCH_CHECKS ?? 10_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const goalMs = 100;

async function seed(pool: pg.Pool): Promise<void> {
  const canaries = Math.ceil(checks / 10);
  await pool.query(
    `insert into canaries (name, namespace, spec, source)
     select 'canary-' || c, 'team-' || (c % 40), '{}'::jsonb, 'UI' from generate_series(1, $1) c`,
    [canaries],
  );
  await pool.query(
    `insert into checks (canary_id, type, name, namespace, status)
     select c.id, (array['http','dns','tcp','postgres','exec'])[1 + g % 5],
            'api-' || c.name || '-endpoint-' || g, c.namespace, 'healthy'
       from canaries c, generate_series(1, 10) g`,
  );
  await pool.query(
    `insert into people (name, email) select 'Person ' || p, 'person' || p || '@example.com'
       from generate_series(1, 500) p`,
  );
  await pool.query('vacuum analyze');
}

/** What a person types: one letter, a word start, a middle of a name, an exact name, nothing. */
const queries = [
  { label: 'one letter', q: 'a' },
  { label: 'a word start', q: 'api-canary-7' },
  { label: 'inside a name', q: 'endpoint-9' },
  { label: 'an exact check name', q: 'api-canary-512-endpoint-3' },
  { label: 'no match', q: 'zzzz-nothing' },
] as const;

async function main(): Promise<void> {
  const log = pino({ level: 'warn' });
  const database = await createBenchDatabase(log);
  const rows: string[] = [];
  let worst = 0;
  try {
    const seeder = new pg.Pool({ connectionString: database.url, max: 2 });
    const started = Date.now();
    await seed(seeder);
    const counted = await seeder.query('select count(*)::int as n from checks');
    const seeded = z.object({ n: z.number() }).parse(counted.rows[0]).n;
    await seeder.end();
    console.log(`bench: ${seeded} checks seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    const db = createDatabase(database.url, 10);
    const api = await startInProcessApi(db);
    const cookie = await signInViewer(db);
    for (const query of queries) {
      const url = `${api.baseUrl}/api/search?q=${encodeURIComponent(query.q)}`;
      for (let i = 0; i < 5; i++) await httpGet(url, { cookie });
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < iterations; i++) {
        const begun = performance.now();
        const { status, body } = await httpGet(url, { cookie });
        times.push(performance.now() - begun);
        if (status !== 200) throw new Error(`search ${query.q}: status ${status} ${body}`);
        hits = z.object({ results: z.array(z.unknown()) }).parse(JSON.parse(body)).results.length;
      }
      const s = stats(times);
      worst = Math.max(worst, s.median);
      rows.push(
        `| ${query.label} (\`${query.q}\`) | ${hits} | ${s.median.toFixed(1)} | ${s.p95.toFixed(1)} | ${(s.median / goalMs).toFixed(2)}× |`,
      );
    }
    await api.close();
    await db.close();
  } finally {
    await database.drop();
  }
  const [load] = os.loadavg();
  const report = [
    `## ${new Date().toISOString()}: ${checks} checks, ${iterations} requests per query, load ${load?.toFixed(1)}`,
    '',
    `Command: \`node --import tsx bench/search.bench.ts\`; database: ${database.source} (${database.serverVersion}).`,
    '',
    '| query | results | median ms | p95 ms | median / 100 ms goal |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    `Worst median ${worst.toFixed(1)} ms: goal ${worst <= goalMs ? 'met' : 'NOT met'}.`,
    '',
  ].join('\n');
  console.log(report);
  const file = path.join(import.meta.dirname, 'runs', 'search.md');
  const previous = await fs.readFile(file, 'utf8').catch(() => '# Command palette search\n\n');
  await fs.writeFile(file, `${previous}${report}\n`);
}

await main();

import http from 'node:http';
import pg from 'pg';
import { pino } from 'pino';
import { createDatabase } from '../apps/server/src/platform/db.ts';
import { createBenchDatabase } from './database.ts';
import { startInProcessApi } from './in-process-api.ts';
import { stats } from './measure.ts';
import { signInViewer } from './session.ts';

/**
 * Issue #25's goals at 100,000 incidents and 1M changelog rows: the list with filters (median
 * ≤ 30 ms) and one incident with all its embeds (median ≤ 50 ms), through the data API.
 */
const incidents = Number(process.env.BENCH_INCIDENTS ?? 100_000);
const histories = Number(process.env.BENCH_HISTORIES ?? 1_000_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const goals = { listMs: 30, detailMs: 50 } as const;

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(baseUrl: string, path: string, cookie: string) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${path}`,
      { agent, headers: { cookie, prefer: 'count=exact' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function seed(pool: pg.Pool): Promise<string> {
  await pool.query(
    `insert into people (id, name) values ('00000000-0000-0000-0000-00000000b001', 'Bench Commander')`,
  );
  await pool.query(
    `insert into incidents (title, type, status, severity, commander_id, communicator_id, created_by, created_at)
     select 'Incident ' || i,
            (array['availability','performance','security','cost'])[1 + i % 4],
            (array['open','investigating','mitigated','resolved','closed'])[1 + i % 5],
            (array['low','medium','high','critical'])[1 + (i / 7) % 4],
            '00000000-0000-0000-0000-00000000b001', '00000000-0000-0000-0000-00000000b001',
            '00000000-0000-0000-0000-00000000b001', now() - make_interval(mins => i)
       from generate_series(1, $1) i`,
    [incidents],
  );
  await pool.query(
    `insert into hypotheses (incident_id, type, title, status) select id, 'root', title, 'possible' from incidents`,
  );
  await pool.query(
    `insert into hypotheses (incident_id, parent_id, type, title)
     select incident_id, id, 'factor', 'Factor ' || g from hypotheses, generate_series(1, 2) g where type = 'root'`,
  );
  await pool.query(
    `insert into evidences (hypothesis_id, type, description) select id, 'comment', 'Evidence' from hypotheses where type = 'factor'`,
  );
  await pool.query(
    `insert into comments (incident_id, comment, created_by) select id, 'On it', created_by from incidents`,
  );
  await pool.query(
    `insert into responders (incident_id, type, person_id) select id, 'person', commander_id from incidents`,
  );
  await pool.query(
    `insert into incident_histories (incident_id, type, description, created_at)
     select i.id, 'incident.status_updated', 'open → investigating', i.created_at + make_interval(secs => g)
       from incidents i, generate_series(1, $1) g`,
    [Math.ceil(histories / incidents)],
  );
  await pool.query('vacuum analyze');
  const found = await pool.query<{ id: string }>(
    `select id from incidents order by created_at desc offset 500 limit 1`,
  );
  return found.rows[0]?.id ?? '';
}

async function main(): Promise<void> {
  const log = pino({ level: 'warn' });
  const database = await createBenchDatabase(log);
  try {
    const seeder = new pg.Pool({ connectionString: database.url, max: 2 });
    console.log(`bench: seeding ${incidents} incidents and ${histories} histories`);
    const started = Date.now();
    const sample = await seed(seeder);
    if (process.env.BENCH_EXPLAIN) {
      for (const sql of [
        `explain analyze select * from incident_summary where status = 'open' and severity = 'high' and deleted_at is null order by created_at desc limit 100`,
        `explain analyze select count(*) from incident_summary where status = 'open' and severity = 'high' and deleted_at is null`,
        `explain analyze select count(*) from incident_summary where title ilike '%Incident 99%' and deleted_at is null`,
      ]) {
        const plan = await seeder.query<{ 'QUERY PLAN': string }>(sql);
        console.log(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
    await seeder.end();
    console.log(`bench: seeded in ${Math.round((Date.now() - started) / 1000)} s`);
    const db = createDatabase(database.url, 10);
    const api = await startInProcessApi(db);
    const baseUrl = api.baseUrl;
    const cookie = await signInViewer(db);
    const cases = [
      {
        name: 'GET /api/db/incident_summary (status open, severity high, newest 100, exact count)',
        goalMs: goals.listMs,
        path: '/api/db/incident_summary?select=*&status=eq.open&severity=eq.high&deleted_at=is.null&order=created_at.desc&limit=100',
      },
      {
        name: 'GET /api/db/incident_summary (title search Incident 99, all statuses, newest 100)',
        goalMs: goals.listMs,
        path: '/api/db/incident_summary?select=*&title=ilike.*Incident%2099*&deleted_at=is.null&order=created_at.desc&limit=100',
      },
      {
        name: 'GET /api/db/incidents?id=eq (commander, communicator, hypotheses, evidence, responders)',
        goalMs: goals.detailMs,
        path: `/api/db/incidents?id=eq.${sample}&select=*,commander:commander_id(id,name,avatar),communicator:communicator_id(id,name,avatar),hypotheses(*,evidences(*,component:component_id(id,name),check:check_id(id,name),config:config_id(id,name))),responders(*,team:team_id(id,name,icon),person:person_id(id,name,avatar))`,
      },
      {
        name: 'GET /api/db/incident_histories?incident_id=eq (changelog, newest first)',
        goalMs: goals.detailMs,
        path: `/api/db/incident_histories?incident_id=eq.${sample}&select=*,created_by(id,name,avatar)&order=created_at.desc`,
      },
    ];
    for (const c of cases) {
      for (let i = 0; i < 10; i++) await get(baseUrl, c.path, cookie);
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const begun = performance.now();
        const status = await get(baseUrl, c.path, cookie);
        times.push(performance.now() - begun);
        if (status !== 200 && status !== 206) throw new Error(`${c.name}: status ${status}`);
      }
      const s = stats(times);
      console.log(
        `| ${c.name} | median ${s.median.toFixed(1)} ms | p95 ${s.p95.toFixed(1)} ms | goal ${c.goalMs} ms | ${s.median <= c.goalMs ? 'met' : 'MISSED'} |`,
      );
    }
    await api.close();
    await db.close();
  } finally {
    await database.drop();
  }
}

await main();

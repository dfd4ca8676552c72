import pg from 'pg';
import { runScenario } from '../apps/server/test/fleet/fleet-scenario.ts';
import { runMigrations } from '../apps/server/src/platform/migrations.ts';
import { pino } from 'pino';

/**
 * Issue #28's fleet: `vigil serve` replicas on the machine's PostgreSQL, measured at 1, 2 and 3
 * replicas, then one SIGKILLed and restarted and another SIGTERMed; every slot audited.
 * FLEET_ADMIN_URL, FLEET_CANARIES, FLEET_PERIOD (s), FLEET_STEPS (1,2,3), FLEET_STEP (s),
 * FLEET_DOWN (s), FLEET_PHASE (s). A fresh database vigil_fleet_<pid> is made and dropped.
 */
const env = (name: string, fallback: string): string => process.env[name] ?? fallback;
const adminUrl = env('FLEET_ADMIN_URL', 'postgres://postgres@127.0.0.1:5432/postgres');
const periodSec = Number(env('FLEET_PERIOD', '30'));
const options = {
  canaries: Number(env('FLEET_CANARIES', '10000')),
  periodSec,
  steps: env('FLEET_STEPS', '1,2,3').split(',').map(Number),
  stepMs: Number(env('FLEET_STEP', '120')) * 1000,
  downMs: Number(env('FLEET_DOWN', String(periodSec))) * 1000,
  phaseMs: Number(env('FLEET_PHASE', '120')) * 1000,
};

const database = `vigil_fleet_${process.pid}`;
const started = Date.now();
const log = (line: string): void =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const url = new URL(adminUrl);
url.pathname = `/${database}`;
await admin(`create database ${database}`);
try {
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  await runMigrations(pool, pino({ level: 'warn' }));
  await pool.end();
  log(`database ${database}; ${JSON.stringify(options)}`);
  const report = await runScenario({ databaseUrl: url.toString(), ...options, log });
  const { audit, propagation } = report;
  const verdict = (ok: boolean): string => (ok ? 'PASS' : 'FAIL');
  const last = report.steps[report.steps.length - 1];
  console.log('\nassertions');
  console.log(
    `  ${verdict(audit.duplicates === 0 && audit.lost === 0)} every slot exactly once: ${audit.results} results of ${audit.checks} checks, ${audit.duplicates} duplicate, ${audit.lost} lost`,
  );
  for (const example of audit.examples) console.log(`       ${example}`);
  console.log(
    `  ${verdict(audit.maxGapMs <= 2 * report.periodMs)} takeover within 2 intervals: longest gap ${(audit.maxGapMs / 1000).toFixed(1)} s (interval ${report.periodMs / 1000} s)`,
  );
  console.log(
    `  ${verdict((last?.largestShare ?? 1) <= 0.45)} spread at ${last?.replicas} replicas: largest share ${((last?.largestShare ?? 0) * 100).toFixed(1)}% ${JSON.stringify(last?.runs)}`,
  );
  const within = (ms: number | undefined, limit: number) => ms !== undefined && ms <= limit;
  console.log(
    `  ${verdict(within(propagation.sessionRevokedMs, 1000))} session revoked elsewhere in ${propagation.sessionRevokedMs} ms`,
  );
  console.log(
    `  ${verdict(within(propagation.roleChangedMs, 1000))} role changed elsewhere in ${propagation.roleChangedMs} ms`,
  );
  console.log(
    `  ${verdict(within(propagation.settingSavedMs, 1000))} setting saved elsewhere in ${propagation.settingSavedMs} ms`,
  );
  console.log(
    `  ${verdict(within(propagation.summaryFreshMs, 6000))} health summary fresh elsewhere in ${propagation.summaryFreshMs} ms (cache 5 s)`,
  );
  console.log(`  overall runs by replica: ${JSON.stringify(report.overallRuns)}`);
  console.log('\nfigures');
  console.log(
    '| replicas | checks/s | CPU per replica (cores) | CPU ms per check | WAL bytes/check | commits/check | PG connections | max lock waits |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const step of report.steps) {
    const cpus = Object.values(step.cpu);
    const cpuTotal = cpus.reduce((sum, c) => sum + c, 0);
    console.log(
      `| ${step.replicas} | ${step.checksPerSecond.toFixed(1)} | ${cpus.map((c) => c.toFixed(2)).join(' / ')} | ${((cpuTotal * 1000) / step.checksPerSecond).toFixed(2)} | ${step.walBytesPerCheck.toFixed(0)} | ${step.commitsPerCheck.toFixed(3)} | ${step.connections} | ${step.maxLockWaits} |`,
    );
  }
} finally {
  await admin(`drop database if exists ${database} with (force)`);
}

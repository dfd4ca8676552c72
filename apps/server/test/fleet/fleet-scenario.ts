import { createDatabase } from '../../src/platform/db.ts';
import { createCanaries, signedIn } from './fleet-api.ts';
import {
  auditSlots,
  largestShare,
  postgresSample,
  runsByReplica,
  type SlotAudit,
} from './fleet-audit.ts';
import { measurePropagation, type Propagation } from './fleet-propagation.ts';
import { cpuSeconds, Fleet, startTarget } from './fleet.ts';

export interface ScenarioOptions {
  readonly databaseUrl: string;
  readonly canaries: number;
  readonly periodSec: number;
  /** Replica counts measured in turn, e.g. [1, 2, 3]; the last is the fleet the faults hit. */
  readonly steps: readonly number[];
  readonly stepMs: number;
  /** How long the killed replica stays down, and how long each phase after a fault runs. */
  readonly downMs: number;
  readonly phaseMs: number;
  readonly log: (line: string) => void;
}

export interface StepFigures {
  readonly replicas: number;
  readonly seconds: number;
  readonly checksPerSecond: number;
  /** CPU seconds per wall second, per replica. */
  readonly cpu: Record<string, number>;
  readonly runs: Record<string, number>;
  readonly largestShare: number;
  readonly walBytesPerCheck: number;
  readonly commitsPerCheck: number;
  readonly connections: number;
  readonly maxLockWaits: number;
}

export interface ScenarioReport {
  readonly steps: StepFigures[];
  readonly propagation: Propagation;
  readonly audit: SlotAudit;
  readonly periodMs: number;
  readonly overallRuns: Record<string, number>;
}

const secretKey = 'fleet-secret-key-'.repeat(3);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replicas of `vigil serve` on one database run `canaries` one-check canaries against a
 * loopback target: measured at each replica count of `steps`, then one replica is SIGKILLed
 * and restarted and another SIGTERMed, and every slot is audited.
 */
export async function runScenario(options: ScenarioOptions): Promise<ScenarioReport> {
  const { log } = options;
  const db = createDatabase(options.databaseUrl, 4);
  const target = await startTarget();
  const fleet = new Fleet({ databaseUrl: options.databaseUrl, secretKey });
  const names = (n: number) => Array.from({ length: n }, (_, i) => `fleet-r${i}`);
  try {
    // Replicas of the first step start together (each takes seconds to load on a busy machine).
    await Promise.all(names(options.steps[0] ?? 1).map((name) => fleet.start(name)));
    log(`started ${options.steps[0] ?? 1} replica(s)`);
    const first = fleet.replicas.get('fleet-r0');
    if (!first) throw new Error('fleet-r0 did not start');
    const admin = await signedIn(db, secretKey, 'fleet-admin@example.com', ['admin']);
    const seeded = Date.now();
    await createCanaries(
      admin,
      first.baseUrl,
      options.canaries,
      `@every ${options.periodSec}s`,
      target.url,
    );
    log(`seeded ${options.canaries} canaries in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const periodMs = options.periodSec * 1000;
    // Audited from the end of the first period: every canary has had its first slot by then.
    const auditFrom = Date.now() + periodMs;
    const steps: StepFigures[] = [];
    for (const count of options.steps) {
      for (const name of names(count)) {
        if (fleet.replicas.has(name)) continue;
        await fleet.start(name);
        log(`started ${name}`);
      }
      await sleep(Math.max(0, auditFrom - Date.now(), Math.min(periodMs, 5000)));
      steps.push(await measureStep(db.pool, fleet, names(count), options.stepMs));
      log(`step ${count}: ${JSON.stringify(steps[steps.length - 1])}`);
    }
    const all = names(options.steps[options.steps.length - 1] ?? 3);
    const [a = 'fleet-r0', b = a, c = b] = all;
    const url = (name: string) => fleet.replicas.get(name)?.baseUrl ?? '';
    const propagation = await measurePropagation(db, secretKey, admin, url(a), url(c), target.url);
    log(`propagation: ${JSON.stringify(propagation)}`);
    if (all.length >= 3) {
      log(`SIGKILL ${b}`);
      await fleet.kill(b);
      await sleep(options.downMs);
      log(`restart ${b}`);
      // It joins when it has loaded; the fleet goes on meanwhile, as behind a load balancer.
      const restarted = fleet.start(b);
      restarted.catch(() => undefined);
      await sleep(options.phaseMs);
      log(`SIGTERM ${c}`);
      await fleet.terminate(c);
      await sleep(options.phaseMs);
      await restarted;
      log(`${b} was back`);
    }
    const auditTo = Date.now() - 1000;
    await fleet.stopAll();
    const audit = await auditSlots(db.pool, auditFrom, auditTo, periodMs);
    const overallRuns = Object.fromEntries(await runsByReplica(db.pool, auditFrom, auditTo));
    return { steps, propagation, audit, periodMs, overallRuns };
  } finally {
    await fleet.stopAll();
    await target.close();
    await db.close();
  }
}

async function measureStep(
  pool: Parameters<typeof postgresSample>[0],
  fleet: Fleet,
  names: readonly string[],
  ms: number,
): Promise<StepFigures> {
  const pids = names.map((name) => fleet.replicas.get(name)?.pid ?? 0);
  const cpuBefore = pids.map((pid) => cpuSeconds(pid) ?? 0);
  const before = await postgresSample(pool);
  const from = Date.now();
  let maxLockWaits = 0;
  let connections = 0;
  while (Date.now() - from < ms) {
    await sleep(1000);
    const sample = await postgresSample(pool);
    maxLockWaits = Math.max(maxLockWaits, sample.lock_waits);
    connections = Math.max(connections, sample.connections);
  }
  const to = Date.now();
  const after = await postgresSample(pool);
  const cpuAfter = pids.map((pid) => cpuSeconds(pid) ?? 0);
  const seconds = (to - from) / 1000;
  // Results are written a second or so after their run: wait for the window's last runs.
  await sleep(2500);
  const cpu = Object.fromEntries(
    names.map((name, i) => [name, ((cpuAfter[i] ?? 0) - (cpuBefore[i] ?? 0)) / seconds]),
  );
  const runs = await runsByReplica(pool, from, to);
  const total = [...runs.values()].reduce((sum, n) => sum + n, 0);
  return {
    replicas: names.length,
    seconds,
    checksPerSecond: total / seconds,
    cpu,
    runs: Object.fromEntries(runs),
    largestShare: largestShare(runs),
    walBytesPerCheck: total === 0 ? 0 : (after.wal - before.wal) / total,
    commitsPerCheck: total === 0 ? 0 : (after.commits - before.commits) / total,
    connections,
    maxLockWaits,
  };
}

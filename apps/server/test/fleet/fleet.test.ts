import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { runScenario, type ScenarioReport } from './fleet-scenario.ts';

// Scaled down from issue #28 (bench/fleet.bench.ts runs the full one): three real replicas,
// 300 canaries every 10 s, one replica SIGKILLed and restarted, another SIGTERMed.
const periodSec = 10;
const canaries = 300;

let database: TestDatabase;
let report: ScenarioReport;

beforeAll(async () => {
  database = await createTestDatabase();
  report = await runScenario({
    databaseUrl: database.url,
    canaries,
    periodSec,
    steps: [3],
    stepMs: 20_000,
    downMs: 10_000,
    phaseMs: 15_000,
    log: (line) => {
      if (process.env.FLEET_LOG) console.log(line);
    },
  });
}, 180_000);
afterAll(() => database?.drop());

describe('three vigil serve replicas on one database, under SIGKILL and SIGTERM', () => {
  it('records every scheduled slot exactly once', () => {
    const { audit } = report;
    expect(audit.examples).toEqual([]);
    expect(audit.duplicates).toBe(0);
    expect(audit.lost).toBe(0);
    expect(audit.checks).toBeGreaterThanOrEqual(canaries);
  });

  it("takes over the killed replica's slots within two intervals", () => {
    expect(report.audit.maxGapMs).toBeLessThanOrEqual(2 * periodSec * 1000);
  });

  it('spreads the runs: no replica does more than 45%', () => {
    const [step] = report.steps;
    expect(Object.keys(step?.runs ?? {}).sort()).toEqual(['fleet-r0', 'fleet-r1', 'fleet-r2']);
    expect(step?.largestShare).toBeLessThanOrEqual(0.45);
  });

  it('acts on a revoked session, a changed role and a saved setting within 1 s elsewhere', () => {
    const { propagation } = report;
    expect(propagation.sessionRevokedMs).toBeLessThanOrEqual(1000);
    expect(propagation.roleChangedMs).toBeLessThanOrEqual(1000);
    expect(propagation.settingSavedMs).toBeLessThanOrEqual(1000);
  });

  it('answers the health summary no staler than its documented 5 s after a write elsewhere', () => {
    expect(report.propagation.summaryFreshMs).toBeLessThanOrEqual(5000 + 1000);
  });
});

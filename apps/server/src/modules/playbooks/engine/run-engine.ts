import type { Worker } from '../../../platform/module.ts';
import {
  claimActions,
  claimDueRuns,
  releaseActions,
  renewLeases,
  setRunStatus,
  timeOutRuns,
} from './engine.repository.ts';
import { expireAgentLeases } from './agent-leases.ts';
import { executeAction, type ExecutorDeps } from './executor.ts';
import { planNext } from './planner.ts';
import { runData } from './run-data.ts';

export interface RunEngineSettings {
  /** How often due work is looked for when nothing wakes the engine. */
  readonly pollMs: number;
  /** How long a claimed action stays this process's without a renewal. */
  readonly leaseMs: number;
  /** Actions run at once by this process. */
  readonly concurrency: number;
  readonly defaultRunTimeoutMs: number;
}

export const defaultRunEngineSettings: RunEngineSettings = {
  pollMs: 1000,
  leaseMs: 30_000,
  concurrency: 16,
  defaultRunTimeoutMs: 30 * 60_000,
};

export interface RunEngine extends Worker {
  /** Looks for due work now (a run was just queued or approved). */
  wake(): void;
  /** Runs one pass: time-outs, run starts and action claims (tests call it directly). */
  tick(): Promise<void>;
  /** Stops as a crash would: running actions are dropped unrecorded, their leases lapse. */
  abandon(): Promise<void>;
}

/**
 * The durable playbook runner. All state is in PostgreSQL: runs and actions are claimed with
 * SKIP LOCKED, a running action holds a lease it renews, and a lapsed lease (a process that
 * stopped) lets any replica take the action again.
 */
export function createRunEngine(deps: ExecutorDeps, settings: RunEngineSettings): RunEngine {
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let leaseTimer: NodeJS.Timeout | undefined;
  let running = false;
  let abandoned = false;
  let ticking: Promise<void> | undefined;
  let again = false;

  async function startRuns(): Promise<void> {
    await deps.db.transaction(async (client) => {
      const runs = await claimDueRuns(client, 50);
      for (const run of runs) {
        await setRunStatus(client, run.id, 'running');
        const data = await runData(client, run, deps.values, deps.sealer);
        await planNext(client, run, data.variables);
      }
    });
  }

  async function claim(): Promise<void> {
    const free = settings.concurrency - inFlight.size;
    if (free <= 0) return;
    const claimed = await claimActions(deps.db.pool, free, settings.leaseMs);
    for (const action of claimed) {
      const controller = new AbortController();
      const done = executeAction(deps, action, controller.signal, () => abandoned)
        .catch((error: unknown) =>
          deps.log.error({ err: error, action: action.id }, 'playbook action'),
        )
        .finally(() => {
          inFlight.delete(action.id);
          if (running) wake();
        });
      inFlight.set(action.id, { controller, done });
    }
  }

  async function renew(): Promise<void> {
    const stopped = await renewLeases(deps.db.pool, [...inFlight.keys()], settings.leaseMs);
    for (const id of stopped) inFlight.get(id)?.controller.abort();
  }

  async function tick(): Promise<void> {
    await timeOutRuns(deps.db.pool, settings.defaultRunTimeoutMs);
    await expireAgentLeases(deps, 50);
    await startRuns();
    await claim();
  }

  function wake(): void {
    if (!running) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error: unknown) => deps.log.error({ err: error }, 'playbook engine'))
      .finally(() => {
        ticking = undefined;
        if (again && running) {
          again = false;
          wake();
        }
      });
  }

  /** Never records an action cut short by shutdown: it runs again wherever it is claimed. */
  async function halt(crash: boolean): Promise<void> {
    running = false;
    abandoned = true;
    clearInterval(timer);
    clearInterval(leaseTimer);
    await ticking;
    const ids = [...inFlight.keys()];
    for (const { controller } of inFlight.values()) controller.abort();
    await Promise.all([...inFlight.values()].map((entry) => entry.done));
    // A clean stop hands its actions back at once; a crash leaves them to their lease.
    if (!crash) await releaseActions(deps.db.pool, ids);
  }

  return {
    name: 'playbook run engine',
    start() {
      running = true;
      abandoned = false;
      timer = setInterval(wake, settings.pollMs);
      leaseTimer = setInterval(
        () => void renew().catch((error: unknown) => deps.log.warn({ err: error }, 'lease')),
        Math.max(50, Math.floor(settings.leaseMs / 3)),
      );
      wake();
    },
    stop: () => halt(false),
    abandon: () => halt(true),
    wake,
    tick,
  };
}

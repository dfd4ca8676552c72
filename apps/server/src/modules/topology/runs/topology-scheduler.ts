import { localAgentId } from '@vigil/domain';
import type { Worker } from '../../../platform/module.ts';
import { createScheduledRunsWorker } from '../../../platform/scheduled-runs-worker.ts';
import { firstSlot, nextSlot, parseSchedule } from '../../health/index.ts';
import { defaultTopologySchedule } from '../spec/parse-topology.ts';
import { runTopology, type TopologyRunDeps } from './topology-run.service.ts';
import { claimDueTopologies } from './topology-runs.repository.ts';

export interface TopologySchedulerOptions {
  readonly tickMs?: number;
  /** Topologies built at once by this process. */
  readonly concurrency?: number;
}

/** Builds each topology on its `spec.schedule`; a slot is claimed by one replica only. */
export function createTopologyScheduler(
  deps: TopologyRunDeps,
  options: TopologySchedulerOptions = {},
): Worker {
  const nextOf = (row: { schedule: string | null }) => {
    const schedule = parseSchedule(row.schedule ?? defaultTopologySchedule);
    const now = Date.now();
    return new Date(
      schedule.kind === 'every' ? nextSlot(schedule, now, now) : firstSlot(schedule, now),
    );
  };
  return createScheduledRunsWorker({
    name: 'topology-runs',
    noun: 'topology',
    log: deps.log,
    tickMs: options.tickMs ?? 5000,
    concurrency: options.concurrency ?? 2,
    claim: (room) => claimDueTopologies(deps.db.pool, localAgentId, new Date(), room, nextOf),
    run: (id) => runTopology(deps, id),
  });
}

import { localAgentId } from '@vigil/domain';
import type { Worker } from '../../../platform/module.ts';
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
  const tickMs = options.tickMs ?? 5000;
  const concurrency = options.concurrency ?? 2;
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;

  const nextOf = (row: { schedule: string | null }) => {
    const schedule = parseSchedule(row.schedule ?? defaultTopologySchedule);
    const now = Date.now();
    return new Date(
      schedule.kind === 'every' ? nextSlot(schedule, now, now) : firstSlot(schedule, now),
    );
  };

  async function tick(): Promise<void> {
    if (ticking) return;
    ticking = true;
    try {
      const room = concurrency - running.size;
      if (room <= 0) return;
      const ids = await claimDueTopologies(deps.db.pool, localAgentId, new Date(), room, nextOf);
      for (const id of ids) {
        if (running.has(id)) continue;
        running.add(id);
        void runTopology(deps, id)
          .catch((error: unknown) =>
            deps.log.error({ err: error, topology: id }, 'topology run failed'),
          )
          .finally(() => running.delete(id));
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'topology scheduler tick failed');
    } finally {
      ticking = false;
    }
  }

  return {
    name: 'topology-runs',
    start() {
      timer ??= setInterval(() => void tick(), tickMs);
      void tick();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

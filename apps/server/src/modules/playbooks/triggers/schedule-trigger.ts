import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import type { Worker } from '../../../platform/module.ts';
import { nextSlot, parseSchedule } from '../../health/index.ts';
import { findPlaybook } from '../playbooks.repository.ts';
import { queueRun, type RunsDeps } from '../runs/runs.service.ts';
import { z } from 'zod';

const due = z.object({
  playbook_id: z.string(),
  position: z.number().int(),
  schedule: z.string(),
  parameters: z.record(z.string(), z.string()).nullable(),
});

/**
 * `on.schedule`: claims due schedule rows with SKIP LOCKED, queues a run for each and sets
 * the next time, in one transaction, so that replicas never start the same slot twice.
 */
export function createScheduleTrigger(
  deps: RunsDeps & { db: Database; log: Logger },
  pollMs: number,
): Worker & { tick(): Promise<number> } {
  let timer: NodeJS.Timeout | undefined;
  async function tick(): Promise<number> {
    const started = await deps.db.transaction(async (client) => {
      const found = await client.query(
        `select playbook_id, position, schedule, parameters from playbook_schedules
         where next_runtime <= now() order by next_runtime limit 20 for update skip locked`,
      );
      let count = 0;
      for (const row of found.rows.map((r) => due.parse(r))) {
        const now = Date.now();
        const next = new Date(nextSlot(parseSchedule(row.schedule), now, now));
        await client.query(
          `update playbook_schedules set next_runtime = $3 where playbook_id = $1 and position = $2`,
          [row.playbook_id, row.position, next],
        );
        const playbook = await findPlaybook(client, row.playbook_id);
        if (!playbook) continue;
        await client.query('savepoint schedule_run');
        try {
          await queueRun(
            deps,
            client,
            playbook,
            { params: row.parameters ?? {} },
            {
              trigger: 'schedule',
              createdBy: null,
              checkTargets: false,
            },
          );
          count++;
        } catch (error) {
          await client.query('rollback to savepoint schedule_run');
          deps.log.warn({ err: error, playbook: playbook.name }, 'scheduled playbook run refused');
        }
      }
      return count;
    });
    if (started > 0) deps.wake();
    return started;
  }
  return {
    name: 'playbook schedules',
    start() {
      timer = setInterval(() => {
        tick().catch((error: unknown) => deps.log.error({ err: error }, 'playbook schedules'));
      }, pollMs);
    },
    stop() {
      clearInterval(timer);
    },
    tick,
  };
}

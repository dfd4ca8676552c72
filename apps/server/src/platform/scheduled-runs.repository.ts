import type pg from 'pg';
import { z } from 'zod';
import type { Queryable } from './db.ts';

/** Tables whose rows run on their own schedule: next_runtime, last_runtime and agent_id. */
export type ScheduledTable = 'config_scrapers' | 'topologies';

export interface ScheduledKind {
  readonly table: ScheduledTable;
  /** Names the advisory locks and job_history.resource_type, e.g. `config_scraper`. */
  readonly resourceType: string;
  /** job_history.name, e.g. `ConfigScraper`. */
  readonly jobName: string;
}

export interface FinishedRun {
  readonly status: 'SUCCESS' | 'WARNING' | 'FAILED';
  readonly start: Date;
  readonly end: Date;
  readonly details: Record<string, unknown>;
  readonly successCount: number;
  readonly errorCount: number;
}

const dueRows = z.array(z.object({ id: z.string(), schedule: z.string().nullable() }));

/**
 * Claiming, locking and job history of a scheduled resource. Claims move next_runtime on,
 * so one replica wins each slot; a session advisory lock per row, held for the whole run,
 * keeps runs of one row from overlapping across replicas and with Run Now.
 */
export function scheduledRuns(kind: ScheduledKind) {
  const { table, resourceType, jobName } = kind;
  return {
    claimDue: async (
      db: Queryable,
      agentId: string,
      now: Date,
      limit: number,
      nextOf: (row: { id: string; schedule: string | null }) => Date,
    ): Promise<string[]> => {
      const due = await db.query(
        `select id, schedule from ${table}
          where deleted_at is null and agent_id = $1 and next_runtime <= $2
          order by next_runtime limit $3`,
        [agentId, now, limit],
      );
      const claimed: string[] = [];
      for (const row of dueRows.parse(due.rows)) {
        const won = await db.query(
          `update ${table} set next_runtime = $3
            where id = $1 and next_runtime <= $2 and deleted_at is null`,
          [row.id, now, nextOf(row)],
        );
        if (won.rowCount === 1) claimed.push(row.id);
      }
      return claimed;
    },

    tryLock: async (client: pg.PoolClient, id: string): Promise<boolean> => {
      const locked = await client.query(
        `select pg_try_advisory_lock(hashtext($2), hashtext($1)) as ok`,
        [id, resourceType],
      );
      return z.object({ ok: z.boolean() }).parse(locked.rows[0]).ok;
    },

    unlock: async (client: pg.PoolClient, id: string): Promise<void> => {
      await client.query(`select pg_advisory_unlock(hashtext($2), hashtext($1))`, [
        id,
        resourceType,
      ]);
    },

    startJob: async (
      db: Queryable,
      row: { id: string; name: string; agent_id: string },
      start: Date,
    ): Promise<string> => {
      const inserted = await db.query(
        `insert into job_history (name, agent_id, resource_type, resource_id, resource_name,
           status, hostname, time_start)
         values ($6, $1, $7, $2, $3, 'RUNNING', $4, $5) returning id`,
        [
          row.agent_id,
          row.id,
          row.name,
          process.env.HOSTNAME ?? null,
          start,
          jobName,
          resourceType,
        ],
      );
      return z.object({ id: z.string() }).parse(inserted.rows[0]).id;
    },

    finishJob: async (
      db: Queryable,
      jobId: string,
      id: string,
      run: FinishedRun,
    ): Promise<void> => {
      await db.query(
        `update job_history set status = $2, details = $3, duration_millis = $4,
           success_count = $5, error_count = $6, time_end = $7 where id = $1`,
        [
          jobId,
          run.status,
          run.details,
          run.end.getTime() - run.start.getTime(),
          run.successCount,
          run.errorCount,
          run.end,
        ],
      );
      await db.query(`update ${table} set last_runtime = $2 where id = $1`, [id, run.start]);
    },
  };
}

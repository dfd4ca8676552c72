import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../../../platform/db.ts';
import { backoffDelay, pause } from './backoff.ts';
import { oldestInOutbox, outboxSize, settleOutbox } from './outbox.repository.ts';
import { ownParents } from './parents.repository.ts';
import {
  UpstreamRejectedError,
  UpstreamRevokedError,
  type OutgoingBatch,
  type UpstreamClient,
} from './upstream-client.ts';

export interface PusherOptions {
  readonly db: Database;
  readonly upstream: UpstreamClient;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly batchSize: number;
  readonly intervalMs: number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  /** The upstream refused the token: every upstream loop stops. */
  readonly onRevoked: (error: UpstreamRevokedError) => void;
}

/** Statuses answered missing this many times, parents re-sent in between, are dropped. */
const maxMissing = 3;

/**
 * Sends the outbox upstream, oldest first, at most `batchSize` rows a push. A row leaves the
 * outbox only after the upstream committed it; a re-send after a crash is skipped upstream
 * (statuses are keyed by check and time), so nothing is lost and nothing counted twice.
 */
export function createPusher(options: PusherOptions) {
  const { db, upstream, log } = options;
  const pushed = new Counter({
    name: 'vigil_agent_pushed_rows_total',
    help: 'Rows the upstream accepted, by resource',
    labelNames: ['resource'],
    registers: [options.metrics],
  });
  const failures = new Counter({
    name: 'vigil_agent_push_failures_total',
    help: 'Pushes that failed and will be retried',
    registers: [options.metrics],
  });
  new Gauge({
    name: 'vigil_agent_outbox_rows',
    help: 'Check results waiting in the agent database for the upstream',
    registers: [options.metrics],
    async collect(): Promise<void> {
      this.set(await outboxSize(db.pool).catch(() => 0));
    },
  });
  let parentsDue = true;

  /** Canaries first, then checks, each in batches: a batch never names a parent sent later. */
  async function pushParents(): Promise<void> {
    const { canaries, checks } = await ownParents(db.pool);
    const batches: OutgoingBatch[] = [
      ...chunks(canaries, options.batchSize).map((slice) => ({ canaries: slice })),
      ...chunks(checks, options.batchSize).map((slice) => ({ checks: slice })),
    ];
    for (const batch of batches) {
      const answer = await upstream.push(batch);
      pushed.inc({ resource: 'canaries' }, answer.accepted.canaries);
      pushed.inc({ resource: 'checks' }, answer.accepted.checks);
      log.info(
        { canaries: answer.accepted.canaries, checks: answer.accepted.checks },
        'pushed canaries and checks upstream',
      );
    }
  }

  /** One push of the oldest statuses; answers how many rows it sent. */
  async function pushStatuses(): Promise<number> {
    const entries = await oldestInOutbox(db.pool, options.batchSize);
    if (entries.length === 0) return 0;
    const answer = await upstream.push({ check_statuses: entries.map((e) => e.status) });
    const missingKeys = new Set(answer.missing.check_statuses.map((m) => key(m.check_id, m.time)));
    const missing = entries.filter((e) => missingKeys.has(key(e.status.check_id, e.status.time)));
    const acknowledged = entries.filter((e) => !missing.includes(e));
    const dropped = await db.transaction((client) =>
      settleOutbox(
        client,
        acknowledged.map((e) => e.seq),
        missing.map((e) => e.seq),
        maxMissing,
      ),
    );
    pushed.inc({ resource: 'check_statuses' }, answer.accepted.check_statuses);
    log.info(
      {
        check_statuses: entries.length,
        accepted: answer.accepted.check_statuses,
        missing: missing.length,
        ...(dropped > 0 ? { dropped } : {}),
      },
      'pushed check statuses upstream',
    );
    if (dropped > 0) {
      log.warn({ dropped }, 'statuses of checks the upstream does not know were dropped');
    }
    if (missing.length > 0) parentsDue = true;
    return entries.length;
  }

  async function loop(signal: AbortSignal): Promise<void> {
    let failed = 0;
    while (!signal.aborted) {
      try {
        if (parentsDue) {
          parentsDue = false;
          await pushParents().catch((error: unknown) => {
            parentsDue = true;
            throw error;
          });
        }
        const sent = await pushStatuses();
        if (failed > 0) log.info({ afterFailures: failed }, 'upstream reachable again');
        failed = 0;
        // A full batch means more are waiting: send the next one at once.
        if (sent < options.batchSize) await pause(options.intervalMs, signal);
      } catch (error) {
        if (error instanceof UpstreamRevokedError) return options.onRevoked(error);
        failed += 1;
        failures.inc();
        const delay = backoffDelay(failed, options.backoff.baseMs, options.backoff.maxMs);
        const level = error instanceof UpstreamRejectedError ? 'error' : 'warn';
        log[level](
          { err: error, retryInMs: delay, failures: failed },
          'push failed; results stay buffered in the agent database',
        );
        await pause(delay, signal);
      }
    }
  }

  return {
    run: loop,
    /** The local canaries changed: send them (and their checks) before the next statuses. */
    parentsChanged(): void {
      parentsDue = true;
    },
  };
}

function key(checkId: string, time: string): string {
  return `${checkId}|${new Date(time).getTime()}`;
}

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += size) out.push(rows.slice(start, start + size));
  return out;
}

import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { backoffDelay, pause } from './backoff.ts';
import {
  placeAssignedChecks,
  retireCanariesExcept,
  storeCanary,
} from './local-canaries.repository.ts';
import { toLocalCanary } from './local-canary.ts';
import {
  UpstreamRevokedError,
  type AssignedCanary,
  type UpstreamClient,
} from './upstream-client.ts';

export interface AssignedPollerOptions {
  readonly db: Database;
  readonly upstream: UpstreamClient;
  readonly log: Logger;
  readonly timeoutSeconds: number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  readonly onRevoked: (error: UpstreamRevokedError) => void;
}

/**
 * Long-polls the canaries assigned upstream and keeps the agent's copies (under the upstream's
 * canary and check ids) the same: new and edited ones stored, withdrawn ones retired.
 */
export function createAssignedPoller(options: AssignedPollerOptions) {
  const { db, upstream, log } = options;

  async function reconcile(canaries: readonly AssignedCanary[]): Promise<void> {
    const now = Date.now();
    await db.transaction(async (client) => {
      const kept: string[] = [];
      for (const assigned of canaries) {
        const canary = toLocalCanary(
          {
            id: assigned.id,
            name: assigned.name,
            namespace: assigned.namespace,
            labels: assigned.labels ?? {},
            spec: assigned.spec,
            icon: assigned.icon ?? null,
            source: assigned.source ?? `upstream:${assigned.id}`,
          },
          now,
        );
        if ('problem' in canary) {
          log.error({ canary: assigned.id, problem: canary.problem }, 'assigned canary skipped');
          continue;
        }
        // Checks take the upstream's ids first; deriving the canary's checks fills them in.
        await client.query('savepoint assigned');
        try {
          await storeCanary(client, canary, (id) =>
            placeAssignedChecks(client, id, assigned.namespace, assigned.checks),
          );
          await client.query('release savepoint assigned');
          kept.push(assigned.id);
        } catch (error) {
          await client.query('rollback to savepoint assigned');
          log.error({ err: error, canary: assigned.id }, 'assigned canary could not be stored');
        }
      }
      const retired = await retireCanariesExcept(client, 'assigned', kept);
      log.info({ assigned: kept.length, retired }, 'assigned canaries updated');
    });
  }

  async function loop(signal: AbortSignal): Promise<void> {
    let version: string | undefined;
    let failed = 0;
    while (!signal.aborted) {
      try {
        const answer = await upstream.assignedCanaries(version, options.timeoutSeconds, signal);
        failed = 0;
        if (answer === undefined) continue;
        await reconcile(answer.canaries);
        version = answer.version;
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof UpstreamRevokedError) return options.onRevoked(error);
        failed += 1;
        const delay = backoffDelay(failed, options.backoff.baseMs, options.backoff.maxMs);
        log.warn({ err: error, retryInMs: delay }, 'could not fetch assigned canaries');
        await pause(delay, signal);
      }
    }
  }

  return { run: loop };
}

import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { backoffDelay, pause } from './backoff.ts';
import { loadUpstreamSettings, saveUpstreamSettings } from './upstream-state.repository.ts';
import { UpstreamRevokedError, type UpstreamClient } from './upstream-client.ts';

export interface HeartbeatOptions {
  readonly db: Database;
  readonly upstream: UpstreamClient;
  readonly log: Logger;
  readonly name: string;
  readonly everyMs: number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  readonly onRevoked: (error: UpstreamRevokedError) => void;
}

/**
 * Tells the upstream the agent is alive (Online within 61 s), and stores the settings it
 * answers, e.g. Kubernetes scraping, for the scrapers to read from the agent's database.
 */
export function createHeartbeat(options: HeartbeatOptions) {
  const { db, upstream, log } = options;
  let warnedName = false;

  async function beat(): Promise<void> {
    const settings = await upstream.heartbeat(os.hostname());
    const previous = await loadUpstreamSettings(db.pool);
    if (!isDeepStrictEqual(previous, settings)) {
      await saveUpstreamSettings(db.pool, settings);
      log.info(
        { agent: settings.id, kubernetes: settings.kubernetes, properties: settings.properties },
        'agent settings received from upstream',
      );
    }
    if (settings.name !== options.name && !warnedName) {
      warnedName = true;
      log.warn(
        { name: options.name, upstreamName: settings.name },
        'the token belongs to an agent of another name; the upstream name is used there',
      );
    }
  }

  async function loop(signal: AbortSignal): Promise<void> {
    let failed = 0;
    while (!signal.aborted) {
      try {
        await beat();
        failed = 0;
        await pause(options.everyMs, signal);
      } catch (error) {
        if (error instanceof UpstreamRevokedError) return options.onRevoked(error);
        failed += 1;
        const delay = Math.min(
          options.everyMs,
          backoffDelay(failed, options.backoff.baseMs, options.backoff.maxMs),
        );
        log.warn({ err: error, retryInMs: delay }, 'heartbeat failed');
        await pause(delay, signal);
      }
    }
  }

  return { run: loop, beat };
}

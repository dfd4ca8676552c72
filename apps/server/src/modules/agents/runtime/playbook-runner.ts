import type { Logger } from 'pino';
import type { ValueResolver } from '../../../platform/values/values.ts';
import type { ConnectionResolver } from '../../connections/index.ts';
import {
  loadAgentActionRunner,
  type ActionResult,
  type AgentAction,
} from '../../playbooks/index.ts';
import { backoffDelay, pause } from './backoff.ts';
import {
  UpstreamRejectedError,
  UpstreamRevokedError,
  type UpstreamClient,
} from './upstream-client.ts';

export interface PlaybookRunnerOptions {
  readonly upstream: UpstreamClient;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  readonly timeoutSeconds: number;
  /** Actions run at once; 0 takes none. */
  readonly concurrency: number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  readonly onRevoked: (error: UpstreamRevokedError) => void;
}

/** Output held back while the upstream is unreachable (the live log keeps 1 MiB anyway). */
const maxPending = 1 << 20;

/**
 * Takes the playbook actions the upstream placed on this agent (`runsOn`), runs them here and
 * reports output, progress (which renews the lease) and the result. An action the upstream
 * took back (409: its lease lapsed) is dropped; one cut short by shutdown is handed back.
 */
export function createPlaybookRunner(options: PlaybookRunnerOptions) {
  const { upstream, log } = options;

  async function report(action: AgentAction, result: ActionResult): Promise<void> {
    // Past the lease the upstream has already counted the attempt as failed.
    const deadline = Date.now() + action.lease_ms;
    for (let failures = 1; ; failures++) {
      try {
        await upstream.actionResult(action.id, result);
        log.info({ action: action.id, status: result.status }, 'playbook action reported');
        return;
      } catch (error) {
        if (error instanceof UpstreamRevokedError) return options.onRevoked(error);
        if (error instanceof UpstreamRejectedError || Date.now() > deadline) {
          log.warn({ err: error, action: action.id }, 'playbook action result not recorded');
          return;
        }
        const delay = backoffDelay(failures, options.backoff.baseMs, options.backoff.maxMs);
        const wait = Math.min(delay, Math.max(0, deadline - Date.now()));
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function execute(action: AgentAction, shutdown: AbortSignal): Promise<void> {
    const stop = new AbortController();
    let pending = '';
    let lost = false;
    let reporting: Promise<void> = Promise.resolve();
    const lines = (all: boolean) => {
      const end = all ? pending.length : pending.lastIndexOf('\n') + 1;
      const taken = pending.slice(0, end);
      pending = pending.slice(end);
      return taken;
    };
    const progress = async () => {
      const output = lines(false);
      try {
        if (await upstream.actionProgress(action.id, action.attempt, output)) stop.abort();
      } catch (error) {
        if (error instanceof UpstreamRevokedError) options.onRevoked(error);
        if (error instanceof UpstreamRejectedError) {
          lost = true;
          stop.abort();
          return;
        }
        pending = output + pending;
        log.warn({ err: error, action: action.id }, 'playbook action progress not reported');
      }
    };
    const ticker = setInterval(
      () => {
        reporting = reporting.then(progress);
      },
      Math.max(100, Math.floor(action.lease_ms / 3)),
    );
    log.info(
      { action: action.id, name: action.name, kind: action.kind, run: action.run_id },
      'playbook action started',
    );
    const { runAgentAction } = await loadAgentActionRunner();
    const outcome = await runAgentAction(action, {
      signal: AbortSignal.any([stop.signal, shutdown]),
      log,
      connections: options.connections,
      values: options.values,
      output: (text) => {
        if (pending.length < maxPending) pending += text;
      },
    });
    clearInterval(ticker);
    await reporting;
    if (lost) {
      log.warn({ action: action.id }, 'playbook action dropped: the upstream took it back');
      return;
    }
    const released = shutdown.aborted && !stop.signal.aborted;
    await report(action, {
      attempt: action.attempt,
      output: lines(true),
      ...outcome,
      ...(released ? { status: 'released' as const } : {}),
    });
  }

  async function loop(signal: AbortSignal): Promise<void> {
    if (options.concurrency === 0) return;
    const running = new Set<Promise<void>>();
    let failed = 0;
    while (!signal.aborted) {
      if (running.size >= options.concurrency) {
        await Promise.race(running);
        continue;
      }
      try {
        const action = await upstream.playbookAction(options.timeoutSeconds, signal);
        failed = 0;
        if (!action) continue;
        const done: Promise<void> = execute(action, signal)
          .catch((error: unknown) => log.error({ err: error, action: action.id }, 'action'))
          .finally(() => running.delete(done));
        running.add(done);
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof UpstreamRevokedError) {
          options.onRevoked(error);
          break;
        }
        failed += 1;
        const delay = backoffDelay(failed, options.backoff.baseMs, options.backoff.maxMs);
        log.warn({ err: error, retryInMs: delay }, 'could not fetch playbook actions');
        await pause(delay, signal);
      }
    }
    await Promise.all(running);
  }

  return { run: loop };
}

import { localAgentId } from '@vigil/domain';
import type { Logger } from 'pino';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../../../platform/config.ts';
import { createSealer } from '../../../platform/crypto.ts';
import { openRuntime } from '../../../platform/runtime.ts';
import { metricsAccessOf } from '../../../platform/http/metrics-access.ts';
import { listeningPort } from '../../../platform/ports.ts';
import { resolveSecretKey } from '../../../platform/secret-key.ts';
import { createConnectionResolver } from '../../connections/connections.module.ts';
import {
  createHealthEngine,
  healthSettingsFrom,
  valueResolverFor,
} from '../../health/health.module.ts';
import { createJobHistoryWorker, jobHistorySettingsFrom } from '../../jobs/jobs.module.ts';
import { buildAgentHttp } from './agent-http.ts';
import type { AgentSettings } from './agent-settings.ts';
import { createAssignedPoller } from './assigned-poller.ts';
import { loadCanaryFiles } from './canary-files.ts';
import { createHeartbeat } from './heartbeat.ts';
import { addToOutbox } from './outbox.repository.ts';
import { createPlaybookRunner } from './playbook-runner.ts';
import { createPusher } from './pusher.ts';
import { createUpstreamClient, type UpstreamRevokedError } from './upstream-client.ts';

export interface RunningAgent {
  /** The port the local /api/health and /api/metrics listen on. */
  readonly port: number;
  /** Stops the loops and the engine (its results go to the outbox), then the database. */
  stop(): Promise<void>;
}

/**
 * `vigil agent`: the health engine on the agent's own database, the canaries from files and
 * those assigned upstream, and four loops to the upstream: push, heartbeat, assigned canaries
 * and the playbook actions placed on the agent (`runsOn`).
 */
export async function startAgent(
  config: Config,
  settings: AgentSettings,
  log: Logger,
): Promise<RunningAgent> {
  const secretKey = await resolveSecretKey(config.dataDir, config.VIGIL_SECRET_KEY);
  const runtime = await openRuntime(config, log);
  const { db } = runtime;
  const metrics = new Registry();
  const revokedGauge = new Gauge({
    name: 'vigil_agent_token_revoked',
    help: '1 once the upstream refused the access token (401) and pushing stopped',
    registers: [metrics],
  });
  const health = healthSettingsFrom(config);
  const values = valueResolverFor(health);
  const connections = createConnectionResolver(db, createSealer(secretKey), values);
  const engine = createHealthEngine({
    db,
    log,
    metrics,
    connections,
    values,
    agentId: localAgentId,
    ...health,
    afterWrite: addToOutbox,
  });
  try {
    await loadCanaryFiles(db, settings.VIGIL_AGENT_CANARIES, log);
  } catch (error) {
    await runtime.close();
    throw error;
  }

  const loops = new AbortController();
  const upstream = createUpstreamClient(settings.VIGIL_AGENT_UPSTREAM, settings.VIGIL_AGENT_TOKEN);
  const backoff = {
    baseMs: settings.VIGIL_AGENT_BACKOFF * 1000,
    maxMs: settings.VIGIL_AGENT_BACKOFF_MAX * 1000,
  };
  const onRevoked = (error: UpstreamRevokedError): void => {
    if (loops.signal.aborted) return;
    revokedGauge.set(1);
    log.error(
      { upstream: settings.VIGIL_AGENT_UPSTREAM, answer: error.message },
      'upstream refused the agent access token (401): the agent was deleted or its token ' +
        'revoked. Pushing stopped; results stay in the agent database. Create a new agent ' +
        'upstream and restart vigil agent with its token.',
    );
    loops.abort();
  };
  const pusher = createPusher({
    db,
    upstream,
    log,
    metrics,
    batchSize: settings.VIGIL_AGENT_BATCH_SIZE,
    intervalMs: settings.VIGIL_AGENT_PUSH_INTERVAL * 1000,
    backoff,
    onRevoked,
  });
  const heartbeat = createHeartbeat({
    db,
    upstream,
    log,
    name: settings.VIGIL_AGENT_NAME,
    everyMs: settings.VIGIL_AGENT_HEARTBEAT * 1000,
    backoff,
    onRevoked,
  });
  const poller = createAssignedPoller({
    db,
    upstream,
    log,
    timeoutSeconds: settings.VIGIL_AGENT_POLL_TIMEOUT,
    backoff,
    onRevoked,
  });
  const playbooks = createPlaybookRunner({
    upstream,
    log,
    connections,
    values,
    timeoutSeconds: settings.VIGIL_AGENT_POLL_TIMEOUT,
    concurrency: settings.VIGIL_AGENT_PLAYBOOK_CONCURRENCY,
    backoff,
    onRevoked,
  });

  const app = await buildAgentHttp(db, log, metrics, metricsAccessOf(config));
  await app.listen({ port: config.PORT, host: config.HOST });
  // PORT 0 asks for any free port: report the one the system gave.
  const port = listeningPort(app.server);
  // The agent's own job history (its canary runs) is trimmed as the server's is.
  const jobs = createJobHistoryWorker(db, jobHistorySettingsFrom(config), log);
  engine.start();
  jobs.start();
  const running = [
    pusher.run(loops.signal),
    heartbeat.run(loops.signal),
    poller.run(loops.signal),
    playbooks.run(loops.signal),
  ].map((loop) =>
    loop.catch((error: unknown) => log.error({ err: error }, 'agent loop stopped unexpectedly')),
  );
  log.info(
    { upstream: settings.VIGIL_AGENT_UPSTREAM, name: settings.VIGIL_AGENT_NAME, port },
    'vigil agent started',
  );

  return {
    port,
    async stop() {
      loops.abort();
      jobs.stop();
      await app.close();
      await engine
        .stop()
        .catch((error: unknown) => log.error({ err: error }, 'results not written at shutdown'));
      await Promise.all(running);
      await runtime.close();
    },
  };
}

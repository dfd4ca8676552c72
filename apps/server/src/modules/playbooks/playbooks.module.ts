import type { Logger } from 'pino';
import type { Sealer } from '../../platform/crypto.ts';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import type { ValueResolver } from '../../platform/values/values.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import type { Enqueue } from '../events/index.ts';
import { sendThroughConnection, type NotificationSender } from '../notifications/index.ts';
import { agentActionRoutes } from './agent-runner/agent-actions.routes.ts';
import { createAgentActionsService } from './agent-runner/agent-actions.service.ts';
import {
  createRunEngine,
  defaultRunEngineSettings,
  type RunEngine,
  type RunEngineSettings,
} from './engine/run-engine.ts';
import { playbookRoutes } from './playbooks.routes.ts';
import { playbooksSearch } from './playbooks.search.ts';
import { createPlaybooksService } from './playbooks.service.ts';
import { playbooksWriteHook } from './playbooks.write-hook.ts';
import { playbookLogStreamRoutes } from './runs/log-stream.routes.ts';
import { createRunsService } from './runs/runs.service.ts';
import { eventTriggerConsumer } from './triggers/event-trigger.ts';
import { createScheduleTrigger } from './triggers/schedule-trigger.ts';
import { createWebhookTrigger } from './triggers/webhook.ts';
import { playbookWebhookRoutes } from './triggers/webhook.routes.ts';

export interface PlaybooksModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
  /** Queues `playbook.approval.inserted` for notifications. */
  readonly enqueue: Enqueue;
  /** Seals secret run parameters at rest. */
  readonly sealer: Sealer;
  readonly notify?: NotificationSender;
  readonly engine?: Partial<RunEngineSettings>;
  readonly schedulePollMs?: number;
  /** Default timeout of one action without its own `timeout`. */
  readonly actionTimeoutMs?: number;
  /** How long an agent holds a `runsOn` action without reporting (VIGIL_PLAYBOOK_AGENT_LEASE). */
  readonly agentLeaseMs?: number;
  /** How often an agent's held poll looks for an action placed on it. */
  readonly agentPollMs?: number;
}

/**
 * The playbooks area: specs (one write hook for the data API, kubectl and `vigil apply`),
 * the run dialog's verbs, the durable run engine, approvals and the three triggers.
 */
export function createPlaybooksModule(
  deps: PlaybooksModuleDeps,
): VigilModule & { engine: RunEngine } {
  const executor = {
    db: deps.db,
    log: deps.log,
    connections: deps.connections,
    notify: deps.notify ?? sendThroughConnection,
    values: deps.values,
    sealer: deps.sealer,
    defaultActionTimeoutMs: deps.actionTimeoutMs ?? 10 * 60_000,
  };
  const engine = createRunEngine(executor, { ...defaultRunEngineSettings, ...deps.engine });
  const agentActions = createAgentActionsService({
    ...executor,
    leaseMs: deps.agentLeaseMs ?? 30_000,
    pollMs: deps.agentPollMs ?? 500,
  });
  const runsDeps = {
    db: deps.db,
    enqueue: deps.enqueue,
    sealer: deps.sealer,
    wake: () => engine.wake(),
  };
  const runs = createRunsService(runsDeps);
  const webhook = createWebhookTrigger({ ...runsDeps, values: deps.values, log: deps.log });
  const schedules = createScheduleTrigger(
    { ...runsDeps, log: deps.log },
    deps.schedulePollMs ?? 5000,
  );
  return {
    ...defineModule({
      name: 'playbooks',
      routes: [
        playbookRoutes(createPlaybooksService(deps.db), runs),
        playbookWebhookRoutes(webhook),
        playbookLogStreamRoutes(runs),
        agentActionRoutes(agentActions),
      ],
      resources: [
        { name: 'playbooks', object: 'playbooks' },
        { name: 'playbook_runs', object: 'playbook_runs' },
        { name: 'playbook_run_actions', object: 'playbook_runs' },
        { name: 'playbook_approvals', object: 'playbook_runs' },
      ],
      writeHooks: { playbooks: playbooksWriteHook },
      search: [playbooksSearch],
      consumers: [eventTriggerConsumer(runsDeps)],
      workers: [engine, schedules],
    }),
    engine,
  };
}

import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../platform/config.ts';
import { createSealer } from '../platform/crypto.ts';
import type { Database } from '../platform/db.ts';
import type { VigilModule } from '../platform/module.ts';
import { createDataApi } from '../data-api/data-api.module.ts';
import { createAgentsModule, type AgentsSettings } from './agents/agents.module.ts';
import { createCatalogModule } from './catalog/catalog.module.ts';
import { createConnectionsModule } from './connections/connections.module.ts';
import {
  createEventsModule,
  defaultEventQueueSettings,
  eventQueueSettingsFrom,
  type EventQueueSettings,
} from './events/events.module.ts';
import {
  createHealthModule,
  defaultHealthSettings,
  healthSettingsFrom,
  valueResolverFor,
  type HealthSettings,
} from './health/health.module.ts';
import type { Enqueue } from './events/index.ts';
import type { LinkSender, OrganizationDatabases } from './identity/index.ts';
import {
  createIdentityModule,
  hostedSettingsFrom,
  identitySettingsFrom,
  type HostedSettings,
  type IdentitySettings,
} from './identity/identity.module.ts';
import type { AttemptLimits } from './identity/index.ts';
import { createIncidentsModule } from './incidents/incidents.module.ts';
import type { DefinitionOfDoneSettings } from './incidents/index.ts';
import {
  createJobsModule,
  defaultJobHistorySettings,
  jobHistorySettingsFrom,
  type JobHistorySettings,
} from './jobs/jobs.module.ts';
import { integrationsModule } from './integrations/integrations.module.ts';
import { createLogsModule } from './logs/logs.module.ts';
import {
  createNotificationsModule,
  notificationTesters,
} from './notifications/notifications.module.ts';
import { createPlaybooksModule } from './playbooks/playbooks.module.ts';
import {
  createPropertiesModule,
  readLocalProperties,
  type LocalProperty,
} from './properties/properties.module.ts';
import { createRbacModule } from './rbac/rbac.module.ts';
import { createSearchModule } from './search/search.module.ts';
import { createSystemModule } from './system/system.module.ts';
import { teamsModule } from './teams/teams.module.ts';
import { createTopologyModule } from './topology/topology.module.ts';
import {
  clusterSyncSettingsFrom,
  createKubeApiModule,
  type ClusterSyncSettings,
} from './kube-api/kube-api.module.ts';

/** Every module's settings, read from the environment once (serve) or given (tests). */
export interface ModuleSettings {
  readonly identity: IdentitySettings;
  /** VIGIL_AUTH=oidc-org: hosted mode (docs/hosted.md); unset in the default mode. */
  readonly hosted?: HostedSettings | undefined;
  readonly edition: 'full' | 'health';
  readonly localProperties: readonly LocalProperty[];
  readonly links?: LinkSender;
  readonly signInLimits?: AttemptLimits;
  /** Recovery and verification requests per email and per address. */
  readonly emailLinkLimits?: AttemptLimits;
  /** How long a resolved session is reused without reading it again (default 5 s). */
  readonly actorCacheMs?: number;
  readonly health?: HealthSettings;
  /** How job history is kept (VIGIL_JOB_HISTORY_KEEP). */
  readonly jobs?: JobHistorySettings;
  readonly events?: EventQueueSettings;
  /** VIGIL_PUBLIC_URL: the base of URLs handed out (kubeconfig); else the request's origin. */
  readonly publicUrl?: string | undefined;
  readonly agents?: AgentsSettings;
  /** How long an agent holds a `runsOn` playbook action without reporting (default 30 s). */
  readonly playbookAgentLeaseMs?: number;
  /** The SMTP connection that mails people and teams (default connection://default/smtp). */
  readonly notificationEmailConnection?: string;
  /** How often definition-of-done scripts run (default every minute). */
  readonly definitionOfDone?: DefinitionOfDoneSettings;
  /** The cluster whose custom resources are reconciled (none: the sync is off). */
  readonly clusterSync?: ClusterSyncSettings | undefined;
  /**
   * The modules to serve, by name (default: all). Tests boot only those they need; identity
   * always comes, since it recognises who calls.
   */
  readonly only?: readonly string[];
}

/** The settings of every module from the process configuration. */
export function moduleSettingsFrom(config: Config, secretKey: string): ModuleSettings {
  return {
    identity: identitySettingsFrom(config, secretKey),
    hosted: hostedSettingsFrom(config),
    edition: config.VIGIL_EDITION,
    localProperties: readLocalProperties(config.VIGIL_PROPERTIES, config.VIGIL_PROPERTIES_FILE),
    health: healthSettingsFrom(config),
    jobs: jobHistorySettingsFrom(config),
    events: eventQueueSettingsFrom(config),
    publicUrl: config.VIGIL_PUBLIC_URL,
    clusterSync: clusterSyncSettingsFrom(config),
    playbookAgentLeaseMs: config.VIGIL_PLAYBOOK_AGENT_LEASE * 1000,
    definitionOfDone: { everyMs: config.VIGIL_DEFINITION_OF_DONE_EVERY * 1000 },
  };
}

export interface Platform {
  /** The areas' data; in hosted mode it follows the request's organisation (ADR 0011). */
  readonly db: Database;
  /** Identity, sessions and organisations (default: db): the one schema every replica shares. */
  readonly shared?: Database;
  /** Hosted mode: each organisation's own database, which provisioning migrates. */
  readonly organizations?: OrganizationDatabases;
  readonly log: Logger;
  readonly metrics: Registry;
}

/**
 * The one list of areas, in dependency order: a module receives the public API of those
 * before it. Adding an area is one line here and one folder.
 */
export async function composeModules(platform: Platform, settings: ModuleSettings) {
  const { db, log, metrics } = platform;
  const shared = platform.shared ?? db;
  const healthSettings = settings.health ?? defaultHealthSettings;
  const values = valueResolverFor(healthSettings);
  const identity = createIdentityModule({
    db: shared,
    organizations: platform.organizations,
    log,
    settings: settings.identity,
    links: settings.links,
    signInLimits: settings.signInLimits,
    emailLinkLimits: settings.emailLinkLimits,
    actorCacheMs: settings.actorCacheMs,
    hosted: settings.hosted,
  });
  const connections = createConnectionsModule(
    db,
    createSealer(settings.identity.secretKey),
    values,
    notificationTesters,
  );
  const health = createHealthModule({
    db,
    log,
    metrics,
    settings: healthSettings,
    values,
    connections: connections.resolve,
  });
  // The catalog's ingest queues events; the queue is built after the areas it serves.
  const eventQueue: { enqueue?: Enqueue } = {};
  const enqueueLater: Enqueue = (client, queued) => {
    if (!eventQueue.enqueue) throw new Error('config events came before the event queue exists');
    return eventQueue.enqueue(client, queued);
  };
  const areas: VigilModule[] = [
    createSystemModule(shared, settings.edition, settings.hosted ? 'oidc-org' : 'self'),
    identity.module,
    teamsModule,
    createRbacModule(db),
    health.module,
    createPropertiesModule(db, settings.localProperties),
    connections.module,
    createNotificationsModule({
      db,
      log,
      resolveConnection: connections.resolve,
      emailConnection: settings.notificationEmailConnection,
    }),
    createAgentsModule(db, settings.agents),
    createJobsModule(db, settings.jobs ?? defaultJobHistorySettings, log),
    createCatalogModule({
      db,
      log,
      connections: connections.resolve,
      values,
      enqueue: (client, queued) => enqueueLater(client, queued),
    }),
    createTopologyModule({ db, log, connections: connections.resolve, values }),
    createIncidentsModule({
      db,
      log,
      definitionOfDone: settings.definitionOfDone,
      enqueue: (client, queued) => enqueueLater(client, queued),
      connections: connections.resolve,
      emailConnection: settings.notificationEmailConnection,
      publicUrl: settings.publicUrl,
    }),
    createPlaybooksModule({
      db,
      log,
      connections: connections.resolve,
      values,
      enqueue: (client, queued) => enqueueLater(client, queued),
      sealer: createSealer(settings.identity.secretKey),
      ...(settings.playbookAgentLeaseMs ? { agentLeaseMs: settings.playbookAgentLeaseMs } : {}),
    }),
    createLogsModule({ db, log, connections: connections.resolve }),
    integrationsModule,
  ];
  const wanted = new Set(['identity', ...(settings.only ?? [])]);
  const served = settings.only ? areas.filter((area) => wanted.has(area.name)) : areas;
  const events = createEventsModule({
    db,
    log,
    metrics,
    settings: settings.events ?? defaultEventQueueSettings,
    consumers: served.flatMap((area) => area.consumers ?? []),
  });
  eventQueue.enqueue = events.events.enqueue;
  const declared = [...served, events.module];
  // The data API serves what the modules declare; the Kubernetes-style API is built on it.
  const dataApi = await createDataApi(db, declared);
  const kubeApi = createKubeApiModule(
    dataApi.service,
    identity.accessTokens,
    settings.publicUrl,
    settings.clusterSync ? { db, log, settings: settings.clusterSync } : undefined,
  );
  return {
    modules: [
      ...declared,
      createSearchModule(db, declared),
      dataApi.module,
      ...(!settings.only || wanted.has(kubeApi.name) ? [kubeApi] : []),
    ],
    dataApi,
    identity,
    health: health.engine,
    events: events.events,
  };
}

import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import type { ValueResolver } from '../../platform/values/values.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import { expressionConsumer } from './expressions/expression.consumer.ts';
import { topologyQueryRoutes } from './query/topology-query.routes.ts';
import { topologyRunRoutes } from './runs/topology-runs.routes.ts';
import { createTopologyScheduler } from './runs/topology-scheduler.ts';
import { topologySchemaRoutes } from './spec/topology-schema.routes.ts';
import { topologiesWriteHook } from './spec/topologies.write-hook.ts';
import { topologyResources } from './topology.resources.ts';
import { topologySearch } from './topology.search.ts';

export interface TopologyModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly values: ValueResolver;
}

/**
 * The topology area: Topology specs (one write path), the builder that turns them into
 * components on a schedule, the status roll-up (kept by SQL triggers) and the topology queries.
 */
export function createTopologyModule(deps: TopologyModuleDeps): VigilModule {
  const runs = { db: deps.db, log: deps.log, connections: deps.connections, values: deps.values };
  return defineModule({
    name: 'topology',
    routes: [topologySchemaRoutes(), topologyRunRoutes(runs), topologyQueryRoutes(deps.db)],
    resources: topologyResources,
    writeHooks: { topologies: topologiesWriteHook },
    search: [topologySearch],
    workers: [createTopologyScheduler(runs)],
    consumers: [expressionConsumer],
  });
}

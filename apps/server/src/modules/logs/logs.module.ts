import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule, type VigilModule } from '../../platform/module.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import { loggingBackendsWriteHook } from './logging-backends.write-hook.ts';
import { logsRoutes } from './logs.routes.ts';
import { createLogsService } from './logs.service.ts';

export interface LogsModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
}

/** The logs area: logging backends (file, Loki, OpenSearch/Elasticsearch, Kubernetes) and /api/logs. */
export function createLogsModule(deps: LogsModuleDeps): VigilModule {
  return defineModule({
    name: 'logs',
    routes: [logsRoutes(createLogsService(deps))],
    resources: [
      {
        name: 'logging_backends',
        object: 'logging_backends',
        sourceManaged: true,
        // Set by the write hook from the writer, never by a client.
        hiddenColumns: ['connection_pairing_approved'],
        writeOnlyColumns: ['connection_pairing_approved'],
      },
      { name: 'components_with_logs', object: 'topologies', readOnly: true },
    ],
    writeHooks: { logging_backends: loggingBackendsWriteHook },
  });
}

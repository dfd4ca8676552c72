import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import type { Sealer } from '../../platform/crypto.ts';
import type { ValueResolver } from '../../platform/values/values.ts';
import { createConnectionResolver } from './connection-resolver.ts';

export { createConnectionResolver, type ConnectionResolver } from './connection-resolver.ts';
import { createSecretOpener } from '../../platform/values/secret-opener.ts';
import { createConnectionTestService } from './connection-test.service.ts';
import { connectionsRoutes } from './connections.routes.ts';
import { connectionsSearch } from './connections.search.ts';
import { connectionsWriteHook } from './connections.write-hook.ts';
import type { ConnectionTester } from './testers/connection-tester.ts';
import { connectionTesters } from './testers/registry.ts';

/**
 * The connections area: its resources and write hook, the resolver for checks, the test route.
 * Other areas add testers for their types (notification channels) without this one knowing them.
 */
export function createConnectionsModule(
  db: Database,
  sealer: Sealer,
  values: ValueResolver,
  extraTesters: readonly ConnectionTester[] = [],
) {
  const testers = new Map<string, ConnectionTester>(extraTesters.map((t) => [t.type, t]));
  for (const [type, tester] of connectionTesters) testers.set(type, tester);
  return {
    resolve: createConnectionResolver(db, sealer, values),
    module: defineModule({
      name: 'connections',
      routes: [
        connectionsRoutes(
          createConnectionTestService(db, createSecretOpener(sealer, values), testers),
        ),
      ],
      resources: [
        {
          name: 'connections',
          object: 'connections',
          hiddenColumns: ['password', 'certificate'],
          writeOnlyColumns: ['password', 'certificate'],
        },
        // The connections list and form: static secrets masked, Secret/ConfigMap references shown.
        { name: 'connections_masked', object: 'connections', readOnly: true },
      ],
      writeHooks: { connections: connectionsWriteHook(sealer) },
      search: [connectionsSearch],
    }),
  };
}

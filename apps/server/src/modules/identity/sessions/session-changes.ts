import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Database } from '../../../platform/db.ts';
import { listenForNotifications } from '../../../platform/notification-listener.ts';
import type { ActorCache } from './actor-cache.ts';

/** Notified by the triggers of migration 0055 with the id of the identity that changed. */
const sessionChangesChannel = 'session_changes';

/**
 * Keeps this replica's actor cache true to the database: while the app runs, it listens for
 * ended sessions, role changes and deleted or disabled identities, and forgets their actors.
 */
export function followSessionChanges(db: Database, cache: ActorCache, log: Logger) {
  return async (app: FastifyInstance): Promise<void> => {
    const listener = listenForNotifications(db, sessionChangesChannel, {
      onNotification: (identityId) => cache.forgetIdentity(identityId),
      onListening: () => cache.resume(),
      onLost: () => cache.pause(),
      log,
    });
    app.addHook('onClose', async () => {
      cache.pause();
      await listener.close();
    });
  };
}

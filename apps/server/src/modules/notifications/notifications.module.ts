import type { Logger } from 'pino';
import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import { notificationConsumer } from './notifications.consumer.ts';
import { notificationsSearch } from './notifications.search.ts';
import { notificationsWriteHook } from './notifications.write-hook.ts';
import { createSendHistoryRetention } from './send-history-retention.ts';

/** Connection testers for the channel types; the connections area runs them. */
export { notificationTesters } from './channels/channel-testers.ts';

export interface NotificationsModuleDeps {
  readonly db: Database;
  readonly log: Logger;
  readonly resolveConnection: ConnectionResolver;
  /** The SMTP connection that mails people and teams (default connection://default/smtp). */
  readonly emailConnection?: string | undefined;
}

/** The notifications area: rules, their delivery as an event consumer, and send history. */
export function createNotificationsModule(deps: NotificationsModuleDeps) {
  const retention = createSendHistoryRetention(deps.db, deps.log);
  return defineModule({
    name: 'notifications',
    resources: [
      { name: 'notifications', object: 'notifications', sourceManaged: true },
      { name: 'notification_send_history', object: 'notifications' },
      // The notifications settings list: each notification with its delivery figures.
      { name: 'notifications_summary', object: 'notifications', readOnly: true },
    ],
    writeHooks: { notifications: notificationsWriteHook },
    search: [notificationsSearch],
    consumers: [
      notificationConsumer({
        db: deps.db,
        resolveConnection: deps.resolveConnection,
        emailConnection: deps.emailConnection ?? 'connection://default/smtp',
      }),
    ],
    workers: [
      {
        name: 'notification send history retention',
        start: () => retention.start(),
        stop: () => retention.stop(),
      },
    ],
  });
}

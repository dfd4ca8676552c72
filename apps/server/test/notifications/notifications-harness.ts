import type { EventQueueSettings, Events } from '../../src/modules/events/events.module.ts';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { notificationConsumer } from '../../src/modules/notifications/notifications.consumer.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import type { Database } from '../../src/platform/db.ts';
import { startEvents } from '../events/events-harness.ts';

/** A canary with one check, as the health engine would have written them. */
export async function seedCheck(db: Database, name = 'api'): Promise<string> {
  const canary = await db.pool.query<{ id: string }>(
    `insert into canaries (name, spec) values ($1, '{}') returning id`,
    [`${name}-canary`],
  );
  const check = await db.pool.query<{ id: string }>(
    `insert into checks (canary_id, type, name, status) values ($1, 'http', $2, 'unhealthy')
     returning id`,
    [canary.rows[0]?.id, name],
  );
  return check.rows[0]?.id ?? '';
}

export async function addConnection(
  db: Database,
  name: string,
  type: string,
  url: string,
  properties: Record<string, unknown> = {},
): Promise<string> {
  await db.pool.query(
    `insert into connections (name, namespace, type, url, properties) values ($1, 'default', $2, $3, $4)`,
    [name, type, url, JSON.stringify(properties)],
  );
  return `connection://default/${name}`;
}

export async function addNotification(
  db: Database,
  fields: {
    events: string[];
    template: string;
    services: string[];
    filter?: string;
    repeat?: string;
  },
): Promise<string> {
  const created = await db.pool.query<{ id: string }>(
    `insert into notifications (title, events, template, filter, repeat_interval, custom_services)
     values ('Check {{ .check.name }}', $1, $2, $3, $4, $5) returning id`,
    [
      fields.events,
      fields.template,
      fields.filter ?? null,
      fields.repeat ?? null,
      JSON.stringify(fields.services.map((connection, i) => ({ connection, name: `s${i}` }))),
    ],
  );
  return created.rows[0]?.id ?? '';
}

export function startNotifications(
  db: Database,
  settings: Partial<EventQueueSettings> = {},
): Events {
  const events = startEvents(
    db,
    [
      notificationConsumer({
        db,
        resolveConnection: createConnectionResolver(db, createSealer('test-key-'.repeat(4))),
        emailConnection: 'connection://default/smtp',
      }),
    ],
    { settings },
  );
  events.start();
  return events;
}

export async function queueCheckEvents(
  db: Database,
  name: string,
  checkId: string,
  count: number,
): Promise<void> {
  await db.pool.query(
    `insert into event_queue (name, event_id, properties)
     select $1, $2 || '/' || i, jsonb_build_object('id', $2::text, 'status', 'unhealthy')
     from generate_series(1, $3) i`,
    [name, checkId, count],
  );
}

export async function sendHistory(db: Database, notificationId: string) {
  const found = await db.pool.query<{
    status: string;
    recipient: string | null;
    error: string | null;
  }>(
    `select status, recipient, error from notification_send_history
     where notification_id = $1 order by created_at, id`,
    [notificationId],
  );
  return found.rows;
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

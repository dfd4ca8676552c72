import type { ConnectionResolver } from '../connections/index.ts';
import type { Database } from '../../platform/db.ts';
import type { ChannelMessage } from './channels/channel.ts';
import { channelFor } from './channels/registry.ts';
import {
  personEmail,
  recordAttempt,
  teamRecipients,
  type NotificationRule,
  type SendAttempt,
} from './notifications.repository.ts';

interface Recipient {
  /** Names the recipient in send history; one delivery per key and event. */
  readonly key: string;
  readonly connection: string;
  readonly to?: string;
}

interface Deps {
  readonly db: Database;
  readonly resolveConnection: ConnectionResolver;
  readonly emailConnection: string;
}

/** A person gets an email; a team its members' emails and its own channels; else the services. */
async function recipientsOf(deps: Deps, rule: NotificationRule): Promise<Recipient[]> {
  const email = (address: string): Recipient => ({
    key: `email:${address.toLowerCase()}`,
    connection: emailConnectionOf(deps, rule),
    to: address,
  });
  if (rule.person_id) return (await personEmail(deps.db.pool, rule.person_id)).map(email);
  if (rule.team_id) {
    const team = await teamRecipients(deps.db.pool, rule.team_id);
    return [
      ...team.emails.map(email),
      ...team.connections.map((connection) => ({ key: connection, connection })),
    ];
  }
  return (rule.custom_services ?? []).map((service) => ({
    key: service.connection,
    connection: service.connection,
  }));
}

function emailConnectionOf(deps: Deps, rule: NotificationRule): string {
  const own = rule.properties?.email_connection;
  return typeof own === 'string' && own ? own : deps.emailConnection;
}

type AttemptBase = Pick<
  SendAttempt,
  'notificationId' | 'eventQueueId' | 'sourceEvent' | 'resourceId'
>;

/** Delivers to each recipient not yet reached for this event, recording every attempt. */
export async function deliverToRecipients(
  deps: Deps,
  rule: NotificationRule,
  attempt: AttemptBase,
  message: ChannelMessage,
  signal: AbortSignal,
): Promise<string | null> {
  let firstError: string | null = null;
  for (const recipient of await recipientsOf(deps, rule)) {
    if (rule.sent_to.includes(recipient.key)) continue;
    const started = performance.now();
    let error: string | null = null;
    try {
      const connection = await deps.resolveConnection(recipient.connection);
      await channelFor(connection).send({
        connection,
        message,
        idempotencyKey: `${attempt.eventQueueId}-${rule.id}`,
        signal,
        ...(recipient.to ? { to: recipient.to } : {}),
      });
    } catch (caught) {
      error = `${recipient.key}: ${caught instanceof Error ? caught.message : String(caught)}`;
    }
    await recordAttempt(deps.db.pool, {
      ...attempt,
      recipient: recipient.key,
      status: error ? 'failed' : 'sent',
      body: message.body,
      error,
      durationMillis: Math.round(performance.now() - started),
    });
    firstError ??= error;
  }
  return firstError;
}

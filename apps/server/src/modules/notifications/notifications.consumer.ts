import { notificationEvents, repeatIntervalMs } from '@vigil/domain';
import { z } from 'zod';
import type { Database } from '../../platform/db.ts';
import type { ConnectionResolver } from '../connections/index.ts';
import type { PlainConsumer } from '../events/index.ts';
import type { QueuedEvent } from '../events/index.ts';
import { admits, renderMessage } from './notification-message.ts';
import { checkVariables } from './check-resource.repository.ts';
import {
  lockResource,
  recordAttempt,
  sentWithin,
  subscribedTo,
  type NotificationRule,
} from './notifications.repository.ts';
import { deliverToRecipients } from './recipients.ts';
import { memoize } from './short-memo.ts';

export interface NotificationDeps {
  readonly db: Database;
  readonly resolveConnection: ConnectionResolver;
  /** The SMTP connection that mails people and team members (`connection://ns/name`). */
  readonly emailConnection: string;
}

const resourceId = z.object({ id: z.string().uuid() });

/** A burst of events reuses a connection read for this long; an edit shows within it. */
const connectionMemoMs = 2000;

/**
 * Takes every notification event: finds the rules subscribed to it, filters and renders each,
 * and delivers to its recipients. A failed recipient fails the attempt (so the queue retries
 * with backoff); the recipients already reached are skipped on the retry.
 */
export function notificationConsumer(given: NotificationDeps): PlainConsumer {
  const deps = { ...given, resolveConnection: memoize(given.resolveConnection, connectionMemoMs) };
  return {
    name: 'notifications',
    events: notificationEvents,
    parallel: 20,
    timeoutMs: 20_000,
    async handle(event, { signal }) {
      const rules = await subscribedTo(deps.db.pool, event.name, event.id);
      if (rules.length === 0) return;
      const variables = await variablesFor(deps, event);
      const failures: string[] = [];
      for (const rule of rules) {
        const error = await handleRule(deps, rule, event, variables, signal);
        if (error) failures.push(error);
      }
      if (failures.length > 0) throw new Error(failures.join('; '));
    },
  };
}

async function variablesFor(
  deps: NotificationDeps,
  event: QueuedEvent,
): Promise<Record<string, unknown>> {
  const base = {
    event: { id: event.id, name: event.name, created_at: event.createdAt.toISOString() },
    properties: event.properties,
  };
  const resource = resourceId.safeParse(event.properties);
  if (event.name.startsWith('check.') && resource.success) {
    const found = await checkVariables(deps.db.pool, resource.data.id);
    // The check may have moved on since: the message speaks of the transition's status.
    const status = z.string().safeParse(event.properties.status);
    if (found) {
      const check = status.success ? { ...found.check, status: status.data } : found.check;
      return { ...base, ...found, check };
    }
  }
  return { ...base, ...event.properties };
}

/** Returns the first delivery error of the rule, or null when all its recipients got it. */
async function handleRule(
  deps: NotificationDeps,
  rule: NotificationRule,
  event: QueuedEvent,
  variables: Record<string, unknown>,
  signal: AbortSignal,
): Promise<string | null> {
  const resource = resourceId.safeParse(event.properties);
  const attempt = {
    notificationId: rule.id,
    eventQueueId: event.id,
    sourceEvent: event.name,
    resourceId: resource.success ? resource.data.id : null,
  };
  let message;
  try {
    if (!admits(rule, variables)) return null;
    message = renderMessage(rule, variables);
  } catch (error) {
    // A filter or template that cannot run will not run on a retry either: record, no retry.
    const text = error instanceof Error ? error.message : String(error);
    await recordAttempt(deps.db.pool, {
      ...attempt,
      recipient: null,
      status: 'skipped',
      body: null,
      error: text,
      durationMillis: null,
    });
    return null;
  }
  const { repeat_interval: repeat } = rule;
  const resourceKey = attempt.resourceId;
  if (!repeat || !resourceKey) return deliverToRecipients(deps, rule, attempt, message, signal);
  // Events of one resource may be handled at once: the lock makes the interval check and the
  // send one step, so two of them cannot both find nothing sent and both send.
  return deps.db.transaction(async (client) => {
    await lockResource(client, rule.id, resourceKey);
    const ms = repeatIntervalMs(repeat);
    if (await sentWithin(deps.db.pool, rule.id, resourceKey, event.name, event.id, ms)) {
      await recordAttempt(deps.db.pool, {
        ...attempt,
        recipient: null,
        status: 'repeat-interval',
        body: message.body,
        error: null,
        durationMillis: null,
      });
      return null;
    }
    return deliverToRecipients(deps, rule, attempt, message, signal);
  });
}

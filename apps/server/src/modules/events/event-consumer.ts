import type pg from 'pg';
import type { Logger } from 'pino';
import type { Backoff } from './backoff.ts';
import type { QueuedEvent } from './event.ts';

export interface HandleContext {
  /** Aborted when the attempt runs past the consumer's timeout. */
  readonly signal: AbortSignal;
  readonly log: Logger;
}

interface ConsumerBase {
  /** Unique; names the consumer in logs and metrics. */
  readonly name: string;
  /** The event names it takes from the queue. Each name belongs to exactly one consumer. */
  readonly events: readonly string[];
  /** Events claimed per transaction (default: the queue's batch size). */
  readonly batchSize?: number;
  /** Failed attempts after which an event is left in the queue as failed (default: settings). */
  readonly maxAttempts?: number;
  readonly backoff?: Backoff;
}

/**
 * Side effects outside the database (a webhook, an email). Events of a batch run in parallel,
 * each bounded by `timeoutMs`. Delivery is at least once: a crash between the effect and the
 * commit that removes the event repeats it, so effects should be idempotent where they can be.
 */
export interface PlainConsumer extends ConsumerBase {
  readonly transactional?: false;
  /** Events of one batch handled at once (default 10). */
  readonly parallel?: number;
  /** Default 30 s. */
  readonly timeoutMs?: number;
  handle(event: QueuedEvent, context: HandleContext): Promise<void>;
}

/**
 * Effects in the database only: the handler writes through `client`, the claim's own
 * transaction, inside a savepoint. Its writes commit together with the event's removal, so each
 * event's effect happens exactly once; a failure rolls back just that event's writes.
 */
export interface TransactionalConsumer extends ConsumerBase {
  readonly transactional: true;
  handle(event: QueuedEvent, context: HandleContext & { client: pg.PoolClient }): Promise<void>;
}

export type EventConsumer = PlainConsumer | TransactionalConsumer;

/** Throws when two consumers claim the same event name: each event is removed once handled. */
export function assertDistinctEvents(consumers: readonly EventConsumer[]): void {
  const owners = new Map<string, string>();
  const names = new Set<string>();
  for (const consumer of consumers) {
    if (names.has(consumer.name)) throw new Error(`two event consumers named ${consumer.name}`);
    names.add(consumer.name);
    for (const event of consumer.events) {
      const owner = owners.get(event);
      if (owner)
        throw new Error(`events ${event} are consumed by both ${owner} and ${consumer.name}`);
      owners.set(event, consumer.name);
    }
  }
}

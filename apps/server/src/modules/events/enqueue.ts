import type { Queryable } from '../../platform/db.ts';
import type { EventMetrics } from './event-metrics.ts';
import { insertEvents } from './event-queue.repository.ts';
import { newEventSchema, type NewEvent, type ValidEvent } from './event.ts';

/**
 * Decides, before an event is queued, whether it is worth queuing: a noisy source (a check
 * flapping every second, a scraper reporting every change) is cut here instead of flooding the
 * queue. It runs in the producer's transaction and may read through `client`.
 */
export type EventFilter = (event: ValidEvent, client: Queryable) => boolean | Promise<boolean>;

export interface EnqueueResult {
  /** Rows inserted. */
  readonly queued: number;
  /** Dropped by a filter, or because no consumer takes the name. */
  readonly filtered: number;
  /** Dropped because the same (name, event id) is already queued or came twice in this call. */
  readonly duplicates: number;
}

export type Enqueue = (client: Queryable, events: readonly NewEvent[]) => Promise<EnqueueResult>;

export interface EnqueueOptions {
  /** Event names some consumer takes; others would wait in the queue for nobody. */
  readonly consumed: ReadonlySet<string>;
  readonly filters: ReadonlyMap<string, readonly EventFilter[]>;
  readonly metrics: EventMetrics;
}

/** Queues events in the caller's transaction, so they exist exactly when the change commits. */
export function createEnqueue(options: EnqueueOptions): Enqueue {
  return async (client, events) => {
    const kept: ValidEvent[] = [];
    const keys = new Set<string>();
    let filtered = 0;
    let duplicates = 0;
    for (const input of events) {
      const event = newEventSchema.parse(input);
      if (!(await keep(event, client, options))) {
        filtered++;
        options.metrics.filtered(event.name);
        continue;
      }
      if (event.eventId !== undefined) {
        const key = JSON.stringify([event.name, event.eventId]);
        if (keys.has(key)) {
          duplicates++;
          continue;
        }
        keys.add(key);
      }
      kept.push(event);
    }
    const queued = await insertEvents(client, kept);
    return { queued, filtered, duplicates: duplicates + kept.length - queued };
  };
}

async function keep(event: ValidEvent, client: Queryable, options: EnqueueOptions) {
  if (!options.consumed.has(event.name)) return false;
  for (const filter of options.filters.get(event.name) ?? []) {
    if (!(await filter(event, client))) return false;
  }
  return true;
}

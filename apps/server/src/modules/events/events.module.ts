import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import {
  listenForNotifications,
  type NotificationListener,
} from '../../platform/notification-listener.ts';
import type { Backoff } from './backoff.ts';
import { ConsumerRunner } from './consumer-runner.ts';
import { createEnqueue, type Enqueue, type EventFilter } from './enqueue.ts';
import { assertDistinctEvents, type EventConsumer } from './event-consumer.ts';
import { createEventMetrics } from './event-metrics.ts';
import { pendingEventNames } from './event-queue.repository.ts';
import { scheduleEventPurge } from './event-purge.ts';
import { testConsumers } from './test-consumers.ts';

/** The channel the event_queue insert trigger notifies, with the event name as payload. */
const eventChannel = 'event_queue';

/** The VIGIL_EVENT_* settings (docs/events.md). */
export interface EventQueueSettings {
  /** Claim loops per consumer on each replica. */
  readonly loops: number;
  readonly batchSize: number;
  readonly maxAttempts: number;
  readonly backoff: Backoff;
  /** How often every consumer looks for work even without a NOTIFY (and for due retries). */
  readonly pollMs: number;
  /** Events older than this are purged, failed or not. */
  readonly retentionMs: number;
  /** Adds the test-only consumers (VIGIL_TEST_CONSUMERS=on). */
  readonly testConsumers: boolean;
}

export const defaultEventQueueSettings: EventQueueSettings = {
  loops: 2,
  batchSize: 100,
  maxAttempts: 10,
  backoff: { baseMs: 5000, maxMs: 3_600_000 },
  pollMs: 5000,
  retentionMs: 30 * 86_400_000,
  testConsumers: false,
};

export interface EventsOptions {
  readonly db: Database;
  readonly log: Logger;
  readonly metrics: Registry;
  readonly settings: EventQueueSettings;
  /** One entry per consumer, from the modules that handle events. */
  readonly consumers: readonly EventConsumer[];
  readonly filters?: ReadonlyMap<string, readonly EventFilter[]>;
}

/** How long stop() waits for batches in flight to commit. */
const stopWaitMs = 10_000;

/** The event queue: enqueue() for producers, and the consumers' workers that serve starts. */
export function createEvents(options: EventsOptions) {
  const { db, log, settings } = options;
  const consumers = [...options.consumers, ...(settings.testConsumers ? testConsumers() : [])];
  assertDistinctEvents(consumers);
  const metrics = createEventMetrics(options.metrics);
  const enqueue: Enqueue = createEnqueue({
    consumed: new Set(consumers.flatMap((consumer) => consumer.events)),
    filters: options.filters ?? new Map(),
    metrics,
  });
  const runners = consumers.map(
    (consumer) => new ConsumerRunner(db, consumer, settings, log, metrics),
  );
  const byEvent = new Map(
    runners.flatMap((runner) => runner.consumer.events.map((e) => [e, runner])),
  );
  const wakeAll = (): void => runners.forEach((runner) => runner.wake());
  const maxAttempts = Math.max(1, ...runners.map((runner) => runner.maxAttempts));
  /** Wakes only the runners whose events are waiting (missed NOTIFYs, retries come due). */
  const wakePending = async (): Promise<void> => {
    try {
      for (const name of await pendingEventNames(db.pool, maxAttempts)) byEvent.get(name)?.wake();
    } catch (error) {
      log.warn({ err: error }, 'event queue poll could not look for waiting events');
    }
  };
  let listener: NotificationListener | undefined;
  let poll: NodeJS.Timeout | undefined;
  let stopPurge: (() => void) | undefined;

  return {
    enqueue,
    start(): void {
      stopPurge ??= scheduleEventPurge(db, settings.retentionMs, log);
      if (listener || runners.length === 0) return;
      for (const runner of runners) runner.start();
      listener = listenForNotifications(db, eventChannel, {
        onNotification: (name) => byEvent.get(name)?.wake(),
        onListening: wakeAll,
        log,
      });
      poll = setInterval(() => void wakePending(), settings.pollMs);
      poll.unref();
    },
    /** Stops claiming; batches in flight commit first. A crash instead rolls their claims back. */
    async stop(): Promise<void> {
      stopPurge?.();
      stopPurge = undefined;
      clearInterval(poll);
      const open = listener;
      listener = undefined;
      await open?.close();
      await Promise.all(runners.map((runner) => runner.stop(stopWaitMs)));
    },
    status: () =>
      runners.map((runner) => ({ consumer: runner.consumer.name, loops: runner.running })),
  };
}

export type Events = ReturnType<typeof createEvents>;

/** The VIGIL_EVENT_* settings, read once. */
export function eventQueueSettingsFrom(config: Config): EventQueueSettings {
  return {
    loops: config.VIGIL_EVENT_CONSUMERS,
    batchSize: config.VIGIL_EVENT_BATCH_SIZE,
    maxAttempts: config.VIGIL_EVENT_MAX_ATTEMPTS,
    backoff: {
      baseMs: config.VIGIL_EVENT_BACKOFF * 1000,
      maxMs: config.VIGIL_EVENT_BACKOFF_MAX * 1000,
    },
    pollMs: config.VIGIL_EVENT_POLL * 1000,
    retentionMs: config.VIGIL_EVENT_RETENTION * 1000,
    testConsumers: config.VIGIL_TEST_CONSUMERS,
  };
}

/** The events area: the queue's consumers (declared by the other modules) as one worker. */
export function createEventsModule(options: EventsOptions) {
  const events = createEvents(options);
  return {
    events,
    module: defineModule({
      name: 'events',
      resources: [
        // Producers write the queue inside their own transactions; clients only read it. The
        // end-to-end server (VIGIL_TEST_CONSUMERS=on) queues and clears its test events here.
        { name: 'event_queue', object: 'database', readOnly: !options.settings.testConsumers },
        // The event queue status page: per event name, what waits and what keeps failing.
        { name: 'event_queue_summary', object: 'database', readOnly: true },
      ],
      workers: [
        { name: 'event consumers', start: () => events.start(), stop: () => events.stop() },
      ],
    }),
  };
}

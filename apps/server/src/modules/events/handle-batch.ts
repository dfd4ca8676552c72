import type pg from 'pg';
import type { Logger } from 'pino';
import type { PlainConsumer, TransactionalConsumer } from './event-consumer.ts';
import type { Failure } from './event-queue.repository.ts';
import type { QueuedEvent } from './event.ts';

export interface BatchOutcome {
  /** Events handled: removed from the queue. */
  readonly done: string[];
  readonly failed: Failure[];
}

const defaultParallel = 10;
const defaultTimeoutMs = 30_000;
/** Errors are stored for the status page; a stack trace or a whole response body is not. */
const maxErrorLength = 2000;

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text || 'failed without a message').slice(0, maxErrorLength);
}

/** Each event in a savepoint of the claim's transaction, one after another on its client. */
export async function handleInTransaction(
  client: pg.PoolClient,
  consumer: TransactionalConsumer,
  events: readonly QueuedEvent[],
  log: Logger,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { done: [], failed: [] };
  const signal = new AbortController().signal;
  for (const event of events) {
    await client.query('savepoint event_handler');
    try {
      await consumer.handle(event, { client, signal, log });
      await client.query('release savepoint event_handler');
      outcome.done.push(event.id);
    } catch (error) {
      await client.query('rollback to savepoint event_handler');
      outcome.failed.push({ id: event.id, error: errorText(error) });
    }
  }
  return outcome;
}

/** Up to `parallel` events at a time, each given up after the consumer's timeout. */
export async function handleInParallel(
  consumer: PlainConsumer,
  events: readonly QueuedEvent[],
  log: Logger,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { done: [], failed: [] };
  const timeoutMs = consumer.timeoutMs ?? defaultTimeoutMs;
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let event = events[next++]; event !== undefined; event = events[next++]) {
      try {
        await withTimeout(timeoutMs, (signal) => consumer.handle(event, { signal, log }));
        outcome.done.push(event.id);
      } catch (error) {
        outcome.failed.push({ id: event.id, error: errorText(error) });
      }
    }
  };
  const lanes = Math.max(1, Math.min(consumer.parallel ?? defaultParallel, events.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  return outcome;
}

async function withTimeout(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([run(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** What other areas may use from events (ADR 0010): the consumer contract and the event. */
export { type PlainConsumer, type TransactionalConsumer } from './event-consumer.ts';
export { type QueuedEvent } from './event.ts';
export { type NewEvent } from './event.ts';
export { type Enqueue } from './enqueue.ts';

import { z } from 'zod';

/** An event as a producer hands it to enqueue(). */
export const newEventSchema = z.object({
  /** What happened, e.g. `check.failed`; exactly one consumer takes each name. */
  name: z.string().min(1).max(200),
  /**
   * The de-duplication key: while an event with the same name and id is still queued, another
   * one is dropped. Events without an id never collide.
   */
  eventId: z.string().min(1).max(500).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  /** Within an event name: higher first, then oldest first. */
  priority: z.number().int().min(-1000).max(1000).optional(),
});
export type NewEvent = z.input<typeof newEventSchema>;
export type ValidEvent = z.output<typeof newEventSchema>;

/** An event claimed from the queue for one attempt. */
export interface QueuedEvent {
  readonly id: string;
  readonly name: string;
  readonly eventId: string | null;
  readonly properties: Readonly<Record<string, unknown>>;
  /** Failed attempts before this one. */
  readonly attempts: number;
  readonly createdAt: Date;
}

export const queuedEventRow = z
  .object({
    id: z.string(),
    name: z.string(),
    event_id: z.string().nullable(),
    properties: z.record(z.string(), z.unknown()).nullable(),
    attempts: z.number().int(),
    created_at: z.date(),
  })
  .transform((row): QueuedEvent => ({
    id: row.id,
    name: row.name,
    eventId: row.event_id,
    properties: row.properties ?? {},
    attempts: row.attempts,
    createdAt: row.created_at,
  }));

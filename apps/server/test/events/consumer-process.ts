import { pino } from 'pino';
import { Registry } from 'prom-client';
import type { EventConsumer } from '../../src/modules/events/event-consumer.ts';
import { createEvents } from '../../src/modules/events/events.module.ts';
import { createDatabase } from '../../src/platform/db.ts';
import { testSettings } from './events-harness.ts';

/**
 * A server's event workers in a process of their own, for the restart tests: it handles
 * `restart.event` by recording it in `handled` (in the claim's transaction), a few ms each, and
 * stops as `vigil serve` does on SIGTERM. Usage: consumer-process.ts <database url> <label>.
 */
const [url, label] = process.argv.slice(2);
if (!url || !label) throw new Error('usage: consumer-process.ts <database url> <label>');

const db = createDatabase(url, 5);
const consumer: EventConsumer = {
  name: 'restart-recorder',
  events: ['restart.event'],
  transactional: true,
  async handle(event, { client }) {
    await client.query(`insert into handled (event_id, process) values ($1, $2)`, [
      event.eventId,
      label,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 3));
  },
};
const events = createEvents({
  db,
  log: pino({ level: process.env.EVENTS_LOG ?? 'silent' }),
  metrics: new Registry(),
  settings: { ...testSettings, loops: 2, batchSize: 20, pollMs: 500 },
  consumers: [consumer],
});

process.once('SIGTERM', () => {
  void events
    .stop()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
events.start();
// The workers' timers do not hold a process open (a server's HTTP listener does): this one does,
// so that the process outlives its connections when a test terminates them.
const alive = setInterval(() => undefined, 60_000);
process.once('exit', () => clearInterval(alive));
process.stdout.write('started\n');

import type { EventConsumer } from './event-consumer.ts';

/** The event name whose consumer always fails, with `properties.message` as its error. */
export const failingTestEvent = 'test.always_fails';

/**
 * Consumers that only exist with VIGIL_TEST_CONSUMERS=on, so that end-to-end tests can make a
 * consumer fail on a real server (docs/events.md). Never on in production.
 */
export function testConsumers(): EventConsumer[] {
  return [
    {
      name: 'test-always-fails',
      events: [failingTestEvent],
      async handle(event) {
        const message = event.properties.message;
        throw new Error(typeof message === 'string' ? message : 'the test consumer always fails');
      },
    },
  ];
}

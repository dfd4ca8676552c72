import type { NotificationChannel } from './channel.ts';
import { deliver, requiredUrl } from './http-delivery.ts';

/** IFTTT Webhooks trigger (url composed with event and key): value1..value3 carry the message. */
export const iftttChannel: NotificationChannel = {
  type: 'ifttt',
  label: 'IFTTT',
  async send({ connection, message, idempotencyKey, signal }) {
    await deliver(requiredUrl(connection), {
      json: { value1: message.title, value2: message.body, value3: idempotencyKey },
      signal,
    });
  },
};

import type { NotificationChannel } from './channel.ts';
import { baseUrl, deliver, requiredProperty, secret } from './http-delivery.ts';

/** IFTTT Webhooks (Maker) trigger: the event's value1..value3 carry title, body and a key. */
export const iftttChannel: NotificationChannel = {
  type: 'ifttt',
  label: 'IFTTT',
  async send({ connection, message, idempotencyKey, signal }) {
    const event = encodeURIComponent(requiredProperty(connection, 'event'));
    const key = encodeURIComponent(secret(connection, 'webhookKey'));
    await deliver(
      `${baseUrl(connection, 'https://maker.ifttt.com')}/trigger/${event}/with/key/${key}`,
      {
        json: { value1: message.title, value2: message.body, value3: idempotencyKey },
        signal,
      },
    );
  },
};

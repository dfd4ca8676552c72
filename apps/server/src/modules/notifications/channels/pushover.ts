import type { NotificationChannel } from './channel.ts';
import { baseUrl, deliver, property, requiredProperty, secret } from './http-delivery.ts';

/** Pushover messages API: application token, user key and message as a form. */
export const pushoverChannel: NotificationChannel = {
  type: 'pushover',
  label: 'Pushover',
  async send({ connection, message, signal }) {
    const device = property(connection, 'devices');
    await deliver(`${baseUrl(connection, 'https://api.pushover.net')}/1/messages.json`, {
      form: {
        token: secret(connection, 'token'),
        user: connection.username ?? requiredProperty(connection, 'user'),
        title: message.title.slice(0, 250),
        message: message.body.slice(0, 1024),
        ...(device ? { device } : {}),
      },
      signal,
    });
  },
};

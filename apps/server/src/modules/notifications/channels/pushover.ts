import type { NotificationChannel } from './channel.ts';
import {
  DeliveryError,
  deliver,
  property,
  requiredPassword,
  requiredUrl,
} from './http-delivery.ts';

/** Pushover messages API: application token, user key and message as a form. */
export const pushoverChannel: NotificationChannel = {
  type: 'pushover',
  label: 'Pushover',
  async send({ connection, message, signal }) {
    if (!connection.username)
      throw new DeliveryError(`connection ${connection.name} has no user key`);
    const device = property(connection, 'devices');
    await deliver(requiredUrl(connection), {
      form: {
        token: requiredPassword(connection, 'API token'),
        user: connection.username,
        title: message.title.slice(0, 250),
        message: message.body.slice(0, 1024),
        ...(device ? { device } : {}),
      },
      signal,
    });
  },
};

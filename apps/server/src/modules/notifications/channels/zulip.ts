import type { NotificationChannel } from './channel.ts';
import {
  DeliveryError,
  deliver,
  property,
  requiredPassword,
  requiredProperty,
  requiredUrl,
} from './http-delivery.ts';

/** Zulip REST API: a stream message sent as the bot (email + API key, basic auth), as a form. */
export const zulipChannel: NotificationChannel = {
  type: 'zulip_chat',
  label: 'Zulip',
  async send({ connection, message, signal }) {
    if (!connection.username)
      throw new DeliveryError(`connection ${connection.name} has no bot email`);
    const pair = `${connection.username}:${requiredPassword(connection, 'bot API key')}`;
    await deliver(requiredUrl(connection), {
      headers: { authorization: `Basic ${Buffer.from(pair).toString('base64')}` },
      form: {
        type: 'stream',
        to: requiredProperty(connection, 'stream'),
        topic: property(connection, 'topic') ?? (message.title || 'Vigil'),
        content: message.body,
      },
      signal,
    });
  },
};

import type { NotificationChannel } from './channel.ts';
import { deliver, property, requiredProperty, requiredUrl, secret } from './http-delivery.ts';

/** Zulip REST API: a stream message sent as the bot (email + API key, basic auth), as a form. */
export const zulipChannel: NotificationChannel = {
  type: 'zulip_chat',
  label: 'Zulip',
  async send({ connection, message, signal }) {
    const bot = connection.username ?? requiredProperty(connection, 'botMail');
    const key = secret(connection, 'botKey');
    const base = requiredUrl(connection).replace(/\/+$/, '');
    await deliver(`${base}/api/v1/messages`, {
      headers: { authorization: `Basic ${Buffer.from(`${bot}:${key}`).toString('base64')}` },
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

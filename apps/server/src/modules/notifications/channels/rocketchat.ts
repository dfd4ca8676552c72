import type { NotificationChannel } from './channel.ts';
import { deliver, property, requiredUrl } from './http-delivery.ts';

/** Rocket.Chat incoming webhook integration; channel and alias override its defaults. */
export const rocketChatChannel: NotificationChannel = {
  type: 'rocketchat',
  label: 'Rocket.Chat',
  async send({ connection, message, signal }) {
    const text = message.title ? `*${message.title}*\n${message.body}` : message.body;
    const channel = property(connection, 'channel');
    const alias = connection.username ?? property(connection, 'username');
    await deliver(requiredUrl(connection), {
      json: { text, ...(channel ? { channel } : {}), ...(alias ? { alias } : {}) },
      signal,
    });
  },
};

import type { NotificationChannel } from './channel.ts';
import { deliver, requiredUrl } from './http-delivery.ts';

/** Google Chat incoming webhook: a simple text message (`*bold*` formatting). */
export const googleChatChannel: NotificationChannel = {
  type: 'google_chat',
  label: 'Google Chat',
  async send({ connection, message, signal }) {
    const text = message.title ? `*${message.title}*\n${message.body}` : message.body;
    await deliver(requiredUrl(connection), { json: { text }, signal });
  },
};

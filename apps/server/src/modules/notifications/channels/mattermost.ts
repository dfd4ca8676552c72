import type { NotificationChannel } from './channel.ts';
import { deliver, property, requiredUrl } from './http-delivery.ts';

/** Mattermost incoming webhook; channel and username override the hook's defaults. */
export const mattermostChannel: NotificationChannel = {
  type: 'mattermost',
  label: 'Mattermost',
  async send({ connection, message, signal }) {
    const text = message.title ? `#### ${message.title}\n${message.body}` : message.body;
    const channel = property(connection, 'channel');
    const username = connection.username ?? property(connection, 'username');
    await deliver(requiredUrl(connection), {
      json: { text, ...(channel ? { channel } : {}), ...(username ? { username } : {}) },
      signal,
    });
  },
};
